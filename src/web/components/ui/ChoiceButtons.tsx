/** A row of toggle buttons in a fieldset, the chosen one pressed: a filter or a period to show. */
export function ChoiceButtons<T extends string>({
  legend,
  choices,
  value,
  onChange,
  labelOf,
  className,
  buttonClassName,
  pressedClassName,
  idleClassName,
}: {
  legend: string
  choices: readonly T[]
  value: T
  onChange: (choice: T) => void
  labelOf: (choice: T) => string
  className: string
  buttonClassName: string
  pressedClassName: string
  idleClassName: string
}) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
          className={`${buttonClassName} ${value === choice ? pressedClassName : idleClassName}`}
        >
          {labelOf(choice)}
        </button>
      ))}
    </fieldset>
  )
}
