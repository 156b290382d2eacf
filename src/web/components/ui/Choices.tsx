import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { choiceRow, FieldError } from './form'

/** Radio buttons or checkboxes under one name, in a fieldset. */
export function Choices({
  legend,
  type,
  choices,
  registration,
  layout,
  className,
  disabled,
  error,
}: {
  legend: string
  type: 'radio' | 'checkbox'
  choices: { value: string; label: string }[]
  registration: UseFormRegisterReturn
  /** The classes that lay the choices out. */
  layout: string
  /** The fieldset's own classes (e.g. spanning both columns of a form's grid). */
  className?: string
  disabled?: boolean
  /** An i18n key: none chosen where one must be, or choices that contradict each other. */
  error?: string
}) {
  const errorId = useId()
  return (
    <fieldset className={className} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="block text-sm font-medium text-gray-800">{legend}</legend>
      <div className={`mt-2 ${layout}`}>
        {choices.map(({ value, label }) => (
          <label key={value} className={choiceRow}>
            <input type={type} value={value} {...registration} className="size-5 shrink-0 accent-brand-700" />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
