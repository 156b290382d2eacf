import { type ReactNode, useId } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

export const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-600'

/** A label, the control (render prop gets id and aria props), and the field's message. */
export function Field({
  label,
  error,
  required = false,
  hint,
  children,
}: {
  label: string
  error?: Pick<FieldError, 'message'>
  required?: boolean
  hint?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const messageId = `${id}-message`
  const hintId = `${id}-hint`
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={messageId} className="mt-1 text-sm text-red-700">
          {t(error.message)}
        </p>
      )}
    </div>
  )
}

export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-md px-4 py-3 text-sm ${kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800'}`}
    >
      {children}
    </p>
  )
}
