import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { PICKUP_CODE_LENGTH } from '../../../shared/pickup-code'
import {
  type DeliveryCompletionData,
  type DeliveryCompletionInput,
  deliveryCompletionInputSchema,
} from '../../../shared/schemas/order-completion'
import type { Delivery } from '../../../shared/schemas/orders'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, choiceRow, SubmitButton, TextAreaField, TextField } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { optionalNumber } from './handover-fields'
import { TriesLeft, triesLeftOf } from './TriesLeft'

/**
 * The drop-off (docs/decisions/0047-pickup-codes.md): the volunteer types the recipient's pickup
 * code, or delivers without it and says why; the weight when weighed.
 */
export function DropOffDialog({
  delivery,
  onClose,
  complete,
  onDone,
  onOffline,
}: {
  delivery: Delivery
  /** Sends the drop-off (entities/delivery's useCompleteDelivery): entities do not import each other. */
  complete: (input: DeliveryCompletionInput) => Promise<unknown>
  onClose: () => void
  onDone: () => void
  /** No network at the door: the run screen keeps the drop-off to send later (0071). */
  onOffline?: (input: DeliveryCompletionInput) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [failure, setFailure] = useState<string | null>(null)
  const [triesLeft, setTriesLeft] = useState<number | null>(null)
  const form = useForm<DeliveryCompletionInput, unknown, DeliveryCompletionData>({
    resolver: zodResolver(deliveryCompletionInputSchema),
    defaultValues: { code: '', withoutCode: false, reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const withoutCode = form.watch('withoutCode')

  async function onSubmit(values: DeliveryCompletionData) {
    setFailure(null)
    const input: DeliveryCompletionInput = {
      ...(values.withoutCode ? { withoutCode: true, reason: values.reason } : { code: values.code }),
      ...(values.weightKg !== undefined ? { weightKg: values.weightKg } : {}),
    }
    try {
      await complete(input)
      onDone()
    } catch (error) {
      if (onOffline && error instanceof ApiError && error.status === 0) {
        onOffline(input)
      } else if (error instanceof ApiError && error.key === 'handover.errors.wrongPickupCode') {
        form.setError('code', { type: 'server', message: error.key })
        setTriesLeft(triesLeftOf(error))
      } else if (!applyServerFieldErrors(error, form.setError)) {
        setFailure(errorText(error))
      }
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('dashboards.volunteer.markComplete')}
      description={t('handover.description', { name: delivery.requester?.name ?? '' })}
    >
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
        {!withoutCode && (
          <>
            <TextField
              label={t('handover.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={PICKUP_CODE_LENGTH + 1}
              className="font-mono text-2xl tracking-widest"
              error={errors.code?.message}
              {...form.register('code')}
            />
            <TriesLeft left={triesLeft} />
          </>
        )}
        <label className={choiceRow}>
          <input type="checkbox" className="size-5 shrink-0" {...form.register('withoutCode')} />
          {t('handover.withoutCode')}
        </label>
        {withoutCode && (
          <TextAreaField
            label={t('handover.reason')}
            required
            rows={2}
            error={errors.reason?.message}
            {...form.register('reason')}
          />
        )}
        <TextField
          label={t('handover.weight')}
          optional
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.weightKg?.message}
          {...form.register('weightKg', { setValueAs: optionalNumber })}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('handover.cancel')}
          </Button>
          <SubmitButton busy={isSubmitting} busyLabel={t('dashboards.claims.processing')}>
            {t('dashboards.volunteer.markComplete')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
