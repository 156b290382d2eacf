import { type ComponentProps, type FormEventHandler, forwardRef, type ReactNode } from 'react'
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Listing } from '../../../shared/schemas/listings'
import { Dialog } from '../../components/ui/Dialog'
import {
  Alert,
  Button,
  SubmitButton,
  TextAreaField,
  TextField,
  UpcomingDateField,
} from '../../components/ui/form'
import { QuantityStepper } from './QuantityStepper'

/**
 * An order's dialog on a listing: the success text once sent, until then the form with why sending
 * failed, its fields, Cancel and the submit button ('Sending...' while it runs).
 */
export function OrderDialog({
  listing,
  title,
  size,
  success,
  failure,
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
  onSubmit: FormEventHandler<HTMLFormElement>
  submitting: boolean
  submitLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={listing.title}
      size={size}
    >
      {success ? (
        <Alert tone="success">{success}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
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

/** The servings to order, between 1 and max, for claims and requests. */
export function QuantityField<T extends FieldValues & { quantity: number }, Data>({
  control,
  label,
  max,
  error,
}: {
  control: Control<T, unknown, Data>
  label: string
  max: number
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
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  )
}

/** Pickup date (from today, Sri Lanka time) and time, for claims and requests. */
export function PickupFields({
  date,
  time,
  dateError,
  timeError,
}: {
  date: UseFormRegisterReturn
  time: UseFormRegisterReturn
  dateError?: string
  timeError?: string
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <UpcomingDateField label={t('orders.fields.pickupDate')} required error={dateError} {...date} />
      <TextField label={t('orders.fields.pickupTime')} type="time" required error={timeError} {...time} />
    </div>
  )
}

/** The requester's note to the donor. */
export const NotesField = forwardRef<
  HTMLTextAreaElement,
  Omit<ComponentProps<typeof TextAreaField>, 'label'>
>(function NotesField(props, ref) {
  const { t } = useTranslation()
  return <TextAreaField ref={ref} label={t('orders.fields.notes')} rows={3} {...props} />
})
