import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { ScanLine } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { PICKUP_CODE_LENGTH } from '../../../shared/pickup-code'
import {
  type CompletionData,
  type CompletionInput,
  completionInputSchema,
} from '../../../shared/schemas/order-completion'
import type { Order } from '../../../shared/schemas/orders'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, choiceRow, SubmitButton, TextAreaField, TextField } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { formatLkr } from '../../lib/format'
import { invalidateForChange } from '../../lib/realtime'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { optionalNumber } from './handover-fields'
import { completeOrder, queueConfirmation } from './pickup-queue'
import { TriesLeft, triesLeftOf } from './TriesLeft'

const loadQrScanner = () => import('./QrScanner')
const QrScanner = lazy(() => loadQrScanner().then((m) => ({ default: m.QrScanner })))

/** The camera scanner and, where the browser has no QR reader, its decoder: fetched ahead (ConfirmPickup). */
export async function prefetchScanner() {
  if (!navigator.mediaDevices?.getUserMedia) return
  const scanner = await loadQrScanner()
  await scanner.prefetchQrReader()
}

/** The pickup confirmation's form (ConfirmPickupButton opens it). */
export function ConfirmPickupDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order
  onClose: () => void
  onDone: (outcome: 'sent' | 'queued') => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [scanning, setScanning] = useState(false)
  const [triesLeft, setTriesLeft] = useState<number | null>(null)
  const form = useForm<CompletionInput, unknown, CompletionData>({
    resolver: zodResolver(completionInputSchema),
    defaultValues: { code: '', withoutCode: false, reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const withoutCode = form.watch('withoutCode')
  // Any camera will do: where the browser has no QR reader of its own, the scanner brings one.
  const canScan = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia

  async function onSubmit(values: CompletionData) {
    setFailure(null)
    const input: CompletionInput = {
      ...(values.withoutCode ? { withoutCode: true, reason: values.reason } : { code: values.code }),
      ...(values.cashPaid !== undefined ? { cashPaid: values.cashPaid } : {}),
      ...(values.weightKg !== undefined ? { weightKg: values.weightKg } : {}),
    }
    try {
      await completeOrder(order.kind, order.id, input)
      await invalidateForChange(queryClient, 'orders')
      onDone('sent')
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        // Only the listing's donor confirms a pickup, so the donor is who typed it.
        queueConfirmation({
          userId: order.listing.donorId,
          kind: order.kind,
          id: order.id,
          title: order.listing.title,
          input,
        })
        onDone('queued')
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
      title={t('handover.title')}
      description={t('handover.description', { name: order.requester.name })}
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
            {canScan && !scanning && (
              <Button variant="secondary" onClick={() => setScanning(true)}>
                <ScanLine className="size-4" aria-hidden />
                {t('handover.scan')}
              </Button>
            )}
            {scanning && (
              <Suspense fallback={null}>
                <QrScanner
                  onCode={(code) => {
                    setScanning(false)
                    form.setValue('code', code)
                  }}
                  onStop={() => setScanning(false)}
                />
              </Suspense>
            )}
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
        {order.kind === 'request' && (
          <TextField
            label={t('handover.cash')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint={t('handover.cashHint', { total: formatLkr(order.totalPrice) })}
            placeholder={String(order.totalPrice)}
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
            {t('handover.submit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
