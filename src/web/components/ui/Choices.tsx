import { type ComponentProps, type ReactNode, useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { choiceRow, FieldError, RequiredMark } from './form'

type ChoiceGroupProps = {
  legend: string
  /** The legend's classes where it is more than a field's label (e.g. the form's own heading). */
  legendClassName?: string
  /** Marks the legend as a required field's label is marked. */
  required?: boolean
  /** The classes that lay the choices out; without, one under another. */
  layout?: string
  /** The fieldset's own classes (e.g. spanning both columns of a form's grid). */
  className?: string
  disabled?: boolean
  /** An i18n key: none chosen where one must be, or choices that contradict each other. */
  error?: string
}

/** The fieldset around a group of choices: its legend, the choices laid out, and the group's error. */
function ChoiceGroup({
  legend,
  legendClassName = 'block text-sm font-medium text-gray-800',
  required,
  layout,
  className,
  disabled,
  error,
  children,
}: ChoiceGroupProps & { children: ReactNode }) {
  const errorId = useId()
  return (
    <fieldset className={className} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={layout ? `mt-2 ${layout}` : 'mt-2'}>{children}</div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

/** One radio button or checkbox and its words: the whole row is the target. */
function ChoiceRow({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className={choiceRow}>
      <input {...input} className="size-5 shrink-0 accent-brand-700" />
      {label}
    </label>
  )
}

/** Radio buttons or checkboxes under one name, in a fieldset: a react-hook-form field. */
export function Choices({
  type,
  choices,
  registration,
  ...group
}: ChoiceGroupProps & {
  type: 'radio' | 'checkbox'
  choices: { value: string; label: string }[]
  registration: UseFormRegisterReturn
}) {
  return (
    <ChoiceGroup {...group}>
      {choices.map(({ value, label }) => (
        <ChoiceRow key={value} type={type} value={value} label={label} {...registration} />
      ))}
    </ChoiceGroup>
  )
}

/** Radio buttons, one of them chosen, held in the component's own state rather than a form library's. */
export function RadioChoices<T extends string | number>({
  name,
  choices,
  value,
  onChange,
  ...group
}: ChoiceGroupProps & {
  name: string
  choices: readonly { value: T; label: string }[]
  value: T | null
  onChange: (value: T) => void
}) {
  return (
    <ChoiceGroup {...group}>
      {choices.map((choice) => (
        <ChoiceRow
          key={choice.value}
          type="radio"
          name={name}
          value={choice.value}
          label={choice.label}
          checked={value === choice.value}
          onChange={() => onChange(choice.value)}
        />
      ))}
    </ChoiceGroup>
  )
}
