import { type ReactNode, useId } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from '../../lib/translation'

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600'

type ControlProps = {
  id: string
  className: string
  required: true
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/** A labelled control with its hint and its error (an i18n key) read out with it. */
export function ContactField({
  label,
  error,
  hint,
  wide = false,
  children,
}: {
  label: string
  error: FieldError | undefined
  hint?: string
  wide?: boolean
  children: (props: ControlProps) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
        <span aria-hidden className="text-red-700">
          {' '}
          *
        </span>
      </label>
      {children({
        id,
        className: inputClass,
        required: true,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(error.message)}
        </p>
      )}
    </div>
  )
}
