import { lazy, Suspense, useEffect, useState } from 'react'
import { pickupIsOver } from '../../../shared/reminders'
import type { Order } from '../../../shared/schemas/orders'
import { useTranslation } from '../../lib/translation'

// The confirmation is not part of the dashboard's first load (docs/decisions/0043-react-and-wouter.md).
const loadConfirmDialog = () => import('../../components/ui/ConfirmDialog')
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })))

/**
 * "Not collected", for the donor of an approved order without a delivery once its pickup is over
 * (the server's rule; before, nothing shows). A confirmation first: the order cannot be reopened.
 */
export function NotCollectedButton({
  order,
  busy,
  label,
  className,
  onConfirm,
}: {
  order: Order
  busy: boolean
  /** The trigger's text (e.g. 'Processing...' while busy). */
  label?: string
  className?: string
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  const shown = order.status === 'confirmed' && !order.delivery && pickupIsOver(order.pickupAt, new Date())
  // Fetched once the button shows, online: beside Confirm pickup at a door without data, it must
  // still open (docs/decisions/0047-pickup-codes.md).
  useEffect(() => {
    if (shown) loadConfirmDialog().catch(() => {})
  }, [shown])
  if (!shown) return null
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className={className}
        data-not-collected={order.id}
      >
        {label ?? t('orders.notCollected.button')}
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('orders.notCollected.title')}
            message={t('orders.notCollected.message', { name: order.requester.name })}
            keepLabel={t('orders.notCollected.keep')}
            confirmLabel={t('orders.notCollected.confirm')}
            onClose={() => setConfirming(false)}
            onConfirm={onConfirm}
          />
        </Suspense>
      )}
    </>
  )
}
