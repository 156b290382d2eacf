import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, forwardRef, type ReactNode, useId, useState } from 'react'
import { useTranslation } from '../../lib/translation'
import { Button } from './Button'

/** A field's error: an i18n key from the shared zod schemas, shown in the user's language. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {t(message)}
    </p>
  )
}

export const inputClass =
  'block min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 disabled:bg-gray-100'

/** What Field hands its control: spread it on the input, select or textarea. */
export type FieldControlProps = {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
  'aria-required': boolean | undefined
}

/** What every field takes besides its control's own attributes. */
type FieldOwnProps = {
  label: string
  /** An i18n key, or react-hook-form's error object. */
  error?: string | { message?: string }
  hint?: ReactNode
  /** Says '(optional)' after the label. */
  optional?: boolean
}

type FieldProps = FieldOwnProps & {
  required?: boolean
  children: (control: FieldControlProps) => ReactNode
}

/** The star after a required field's label or legend: seen, not read (the control says aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-red-600">
      {' '}
      *
    </span>
  )
}

/** A label, the control, a hint and the field's error, tied together for screen readers. */
export function Field({ label, error, hint, optional, required, children }: FieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const message = typeof error === 'string' ? error : error?.message
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [message ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {optional ? `${label} (${t('forms.optional')})` : label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={message} />
    </div>
  )
}

export type InputProps = ComponentProps<'input'> & FieldOwnProps

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, error, hint, optional, required, className, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} required={required}>
      {(control) => (
        <input ref={ref} {...control} className={`${inputClass} ${className ?? ''}`} {...props} />
      )}
    </Field>
  )
})

/** A whole number: the numeric keypad on phones, steps of 1. */
export const NumberField = forwardRef<HTMLInputElement, InputProps>(function NumberField(props, ref) {
  return <TextField ref={ref} type="number" inputMode="numeric" step={1} {...props} />
})

export const EmailField = forwardRef<HTMLInputElement, Omit<InputProps, 'label'>>(
  function EmailField(props, ref) {
    const { t } = useTranslation()
    return (
      <TextField
        ref={ref}
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        {...props}
      />
    )
  },
)

/** A phone number to reach the user on. */
export const PhoneField = forwardRef<HTMLInputElement, Omit<InputProps, 'label'>>(
  function PhoneField(props, ref) {
    const { t } = useTranslation()
    return (
      <TextField
        ref={ref}
        label={t('auth.fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...props}
      />
    )
  },
)

export const PasswordField = forwardRef<HTMLInputElement, InputProps>(function PasswordField(
  { label, error, hint, optional, required, ...props },
  ref,
) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <Field label={label} error={error} hint={hint} optional={optional} required={required}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            {...control}
            type={visible ? 'text' : 'password'}
            className={`${inputClass} pr-11`}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('forms.hidePassword') : t('forms.showPassword')}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-gray-500 hover:text-gray-800"
          >
            {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
          </button>
        </div>
      )}
    </Field>
  )
})

type SelectProps = ComponentProps<'select'> & FieldOwnProps

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, hint, optional, required, children, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} required={required}>
      {(control) => (
        <select ref={ref} {...control} className={inputClass} {...props}>
          {children}
        </select>
      )}
    </Field>
  )
})

type TextAreaProps = ComponentProps<'textarea'> & FieldOwnProps

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, optional, required, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} required={required}>
      {(control) => <textarea ref={ref} {...control} rows={4} className={inputClass} {...props} />}
    </Field>
  )
})

export function Alert({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  const styles = {
    success: 'border-green-300 bg-green-50 text-green-900',
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-blue-300 bg-blue-50 text-blue-900',
  }[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  )
}

export { Button, buttonClass } from './Button'

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & { busy: boolean; busyLabel: string }

/** A form's submit button: while the form is busy it is disabled and says busyLabel. */
export function SubmitButton({ busy, busyLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy ? busyLabel : children}
    </Button>
  )
}

/** The label row around a radio button or checkbox: the whole row, 44 px tall at least, is the target. */
export const choiceRow = 'flex min-h-11 min-w-0 cursor-pointer items-center gap-2 text-sm'

/**
 * A compact button's classes, for actions inside tables and cards: still 44 px for a thumb. In a row
 * of them use flex-auto, not flex-1: the 44 px minimum replaces the automatic one, so a flex-1 button
 * shrinks below a long Tamil word instead of wrapping to the next line.
 */
export const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-3 py-1.5 text-center text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60'
