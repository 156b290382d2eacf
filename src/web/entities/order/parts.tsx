import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { Button, TextField } from '../../components/ui/form'

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
      <TextField
        label={t('orders.fields.pickupDate')}
        type="date"
        min={sriLankaToday()}
        required
        error={dateError}
        {...date}
      />
      <TextField label={t('orders.fields.pickupTime')} type="time" required error={timeError} {...time} />
    </div>
  )
}

/** Cancel and the dialog's submit button ('Sending...' while it runs). */
export function DialogActions({
  onCancel,
  submitting,
  submitLabel,
}: {
  onCancel: () => void
  submitting: boolean
  submitLabel: string
}) {
  const { t } = useTranslation()
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('forms.cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? t('orders.sending') : submitLabel}
      </Button>
    </div>
  )
}
