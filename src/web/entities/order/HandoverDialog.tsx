import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import { PICKUP_CODE_LENGTH } from '../../../shared/pickup-code'
import {
  type CompletionData,
  type CompletionInput,
  completionInputSchema,
} from '../../../shared/schemas/order-completion'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, choiceRow, SubmitButton, TextAreaField, TextField } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { formatLkr } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { optionalNumber } from './handover-fields'
import { TriesLeft, triesLeftOf } from './TriesLeft'

/**
 * A handover's form (docs/decisions/0047-pickup-codes.md), the donor's pickup confirmation and the
 * volunteer's drop-off alike: the recipient's pickup code, or without it and why; the cash received
 * when `cashTotal` is given (half-price food) and the weight, when weighed. A drop-off never shows the
 * cash field, so its input has none (the order's schema is the drop-off's with cash added).
 */
export function HandoverDialog({
  title,
  description,
  submitLabel,
  cashTotal,
  scanner,
  send,
  onClose,
  onDone,
  onOffline,
}: {
  title: string
  description: string
  submitLabel: string
  cashTotal?: number
  /** Under the code field: a way to fill it in other than typing (the camera). */
  scanner?: (setCode: (code: string) => void) => ReactNode
  send: (input: CompletionInput) => Promise<unknown>
  onClose: () => void
  onDone: () => void
  /** No network at the door: the caller keeps the handover on the phone to send later. */
  onOffline?: (input: CompletionInput) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [failure, setFailure] = useState<string | null>(null)
  const [triesLeft, setTriesLeft] = useState<number | null>(null)
  const form = useForm<CompletionInput, unknown, CompletionData>({
    resolver: zodResolver(completionInputSchema),
    defaultValues: { code: '', withoutCode: false, reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const withoutCode = form.watch('withoutCode')

  async function onSubmit(values: CompletionData) {
    setFailure(null)
    const input: CompletionInput = {
      ...(values.withoutCode ? { withoutCode: true, reason: values.reason } : { code: values.code }),
      ...(values.cashPaid !== undefined ? { cashPaid: values.cashPaid } : {}),
      ...(values.weightKg !== undefined ? { weightKg: values.weightKg } : {}),
    }
    try {
      await send(input)
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
    <Dialog open onOpenChange={(next) => !next && onClose()} title={title} description={description}>
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
            {scanner?.((code) => form.setValue('code', code))}
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
        {cashTotal !== undefined && (
          <TextField
            label={t('handover.cash')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint={t('handover.cashHint', { total: formatLkr(cashTotal) })}
            placeholder={String(cashTotal)}
            error={errors.cashPaid?.message}
            {...form.register('cashPaid', { setValueAs: optionalNumber })}
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
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
