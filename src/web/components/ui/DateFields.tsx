import { forwardRef, useCallback, useLayoutEffect, useRef, useState } from 'react'
import { sriLankaInstant, sriLankaToday } from '../../../shared/sri-lanka-time'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { Field, type InputProps, inputClass } from './form'

/*
 * Date fields, apart from form.tsx: only the forms that take a date load them (the date's own
 * formatting included), not every page with a button (docs/decisions/0043-react-and-wouter.md).
 */

type DateInputProps = Omit<InputProps, 'type'> & { type: 'date' | 'datetime-local' | 'time' }

/**
 * A date field's value (Sri Lankan wall-clock time) as the reader's language writes it, times on the
 * 24-hour clock Sri Lanka writes them in ("14:30", not "2:30 PM").
 */
function shownDate(type: DateInputProps['type'], value: string): string {
  if (type === 'time') return value
  const [day = '', time = '12:00'] = value.split('T')
  return formatDate(
    sriLankaInstant(day, time),
    type === 'date'
      ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
      : { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  )
}

/**
 * A date (and time) field. A browser writes its text in its own locale (mm/dd/yyyy on a phone set to
 * American English, whatever the page's language or lang attribute), so the field shows the chosen
 * value in the reader's language over it, and the browser's own text only while the field has
 * focus (typed into, or its picker open).
 */
const DateInputField = forwardRef<HTMLInputElement, DateInputProps>(function DateInputField(
  { label, error, hint, optional, required, className, onChange, type, ...props },
  ref,
) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement | null>(null)
  const [value, setValue] = useState('')
  // react-hook-form writes default values and resets into the element itself, without an event.
  useLayoutEffect(() => {
    setValue(input.current?.value ?? '')
  })
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [ref],
  )
  return (
    <Field label={label} error={error} hint={hint} optional={optional} required={required}>
      {(control) => (
        <div className="relative">
          <input
            ref={setRef}
            {...control}
            type={type}
            {...props}
            className={`${inputClass} peer text-transparent focus:text-gray-900 ${className ?? ''}`}
            onChange={(event) => {
              setValue(event.target.value)
              onChange?.(event)
            }}
          />
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-10 left-3 flex items-center overflow-hidden text-base whitespace-nowrap text-gray-900 peer-focus:hidden"
          >
            {value ? (
              shownDate(type, value)
            ) : (
              <span className="text-gray-500">
                {t(type === 'time' ? 'forms.chooseTime' : 'forms.chooseDate')}
              </span>
            )}
          </span>
        </div>
      )}
    </Field>
  )
})

/** A date from today on (Sri Lanka time). */
export const UpcomingDateField = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(
  function UpcomingDateField(props, ref) {
    return <DateInputField ref={ref} type="date" min={sriLankaToday()} {...props} />
  },
)

/** A time of day, shown on the 24-hour clock whatever the phone's locale. */
export const TimeField = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(
  function TimeField(props, ref) {
    return <DateInputField ref={ref} type="time" {...props} />
  },
)

/** A date and time of day (Sri Lanka time). */
export const DateTimeField = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(
  function DateTimeField(props, ref) {
    return <DateInputField ref={ref} type="datetime-local" {...props} />
  },
)

/** The account's e-mail address, always required. */
