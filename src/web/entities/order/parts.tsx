import {
  type ComponentProps,
  type FormEventHandler,
  forwardRef,
  type ReactNode,
  useCallback,
  useEffect,
  useState,
} from 'react'
import { type Control, Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { type PickupListing, type PickupSlots, pickupSlots } from '../../../shared/pickup-time'
import type { Listing } from '../../../shared/schemas/listings'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, SelectField, SubmitButton, TextAreaField } from '../../components/ui/form'
import { formatLkr, formatSriLankaDay } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { FairUsePanel } from './FairUse'
import { QuantityStepper } from './QuantityStepper'

/**
 * An order's dialog on a listing. It stays open until the user closes it: on its outcome (the
 * success text), or on 'This food is no longer available.' when someone else took the food first
 * (`gone`: the server's 409, or the listing turned unavailable while the form was open). Until then
 * the form with why sending failed, its fields, Cancel and the submit button ('Sending...' while it
 * runs).
 */
export function OrderDialog({
  listing,
  title,
  size,
  success,
  failure,
  gone,
  onSubmit,
  submitting,
  submitLabel,
  onClose,
  children,
}: {
  listing: Listing
  title: string
  size?: 'md' | 'lg'
  success: string | null
  failure: string | null
  gone: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  submitting: boolean
  submitLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const outcome = success ?? (gone && !submitting ? t('listings.errors.notAvailable') : null)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={listing.title}
      size={size}
    >
      {outcome ? (
        <div className="space-y-4" data-outcome={success ? 'success' : 'gone'}>
          <Alert tone={success ? 'success' : 'error'}>{outcome}</Alert>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('orders.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <FairUsePanel free={listing.type === 'free'} />
          {children}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('forms.cancel')}
            </Button>
            <SubmitButton busy={submitting} busyLabel={t('orders.sending')}>
              {submitLabel}
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  )
}

/** Half-price food's total for the portions chosen (the server's figure is the one charged). */
export function OrderTotal({ price, quantity }: { price: number; quantity: number }) {
  const { t } = useTranslation()
  return (
    <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {t('orders.total', { price: formatLkr(price), quantity, total: formatLkr(price * quantity) })}
    </p>
  )
}

/** The servings to order, between 1 and max, for claims and requests. */
export function QuantityField<T extends FieldValues & { quantity: number }, Data>({
  control,
  label,
  max,
  available,
  error,
}: {
  control: Control<T, unknown, Data>
  label: string
  max: number
  /** The listing's servings left, when the person's own cap (max) is lower. */
  available?: number
  error?: string
}) {
  return (
    <Controller
      control={control}
      name={'quantity' as Path<T>}
      render={({ field }) => (
        <QuantityStepper
          label={label}
          value={Number(field.value) || 1}
          max={max}
          available={available}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  )
}

/**
 * Pickup date and time for claims and requests: only the times the server accepts (inside the
 * listing's pickup window, else before its expiry, never past; src/shared/pickup-time.ts).
 * Choosing another date moves the time to that date's first one.
 */
export function PickupFields<T extends PickupValues, Output>({
  slots,
  form,
}: {
  slots: PickupSlots
  form: UseFormReturn<T, unknown, Output>
}) {
  // react-hook-form cannot resolve field paths through a type parameter: every order form has these two.
  const { register, watch, setValue, formState } = form as unknown as UseFormReturn<PickupValues>
  const [selectedDate, selectedTime] = watch(['pickupDate', 'pickupTime'])
  const setTime = useCallback((time: string) => setValue('pickupTime', time), [setValue])
  const date = register('pickupDate')
  const time = register('pickupTime')
  const dateError = formState.errors.pickupDate?.message
  const timeError = formState.errors.pickupTime?.message
  const { t } = useTranslation()
  const times = slots.find((slot) => slot.date === selectedDate)?.times ?? []
  useEffect(() => {
    if (times.length > 0 && !times.includes(selectedTime)) setTime(times[0]!)
  }, [times, selectedTime, setTime])
  if (slots.length === 0) return <Alert tone="error">{t('orders.errors.noPickupTime')}</Alert>
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label={t('orders.fields.pickupDate')} required error={dateError} {...date}>
        {slots.map((slot) => (
          <option key={slot.date} value={slot.date}>
            {formatSriLankaDay(slot.date)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('orders.fields.pickupTime')} required error={timeError} {...time}>
        {times.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
    </div>
  )
}

type PickupValues = { pickupDate: string; pickupTime: string }

/**
 * The pickup times on offer when the dialog opens, and the first one as the form's default. That
 * first time is often the minute the dialog opened, "as soon as possible": `onSubmit` sends the
 * minute of sending instead once it has passed, so a reader who took a minute to fill the form is
 * not told to choose a time in the future.
 */
export function usePickupSlots(listing: PickupListing) {
  const [slots] = useState(() => pickupSlots(listing))
  const first = { pickupDate: slots[0]?.date ?? '', pickupTime: slots[0]?.times[0] ?? '' }
  function onSubmit<T extends PickupValues>(values: T): T {
    if (values.pickupDate !== first.pickupDate || values.pickupTime !== first.pickupTime) return values
    const current = sriLankaParts(new Date())
    const passed =
      sriLankaInstant(first.pickupDate, first.pickupTime) < sriLankaInstant(current.date, current.time)
    return passed ? { ...values, pickupDate: current.date, pickupTime: current.time } : values
  }
  return { slots, first, onSubmit }
}

/** The requester's note to the donor. */
export const NotesField = forwardRef<
  HTMLTextAreaElement,
  Omit<ComponentProps<typeof TextAreaField>, 'label'>
>(function NotesField(props, ref) {
  const { t } = useTranslation()
  return <TextAreaField ref={ref} label={t('orders.fields.notes')} rows={3} {...props} />
})
