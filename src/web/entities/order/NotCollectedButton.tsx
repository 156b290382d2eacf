import { lazy, Suspense, useState } from 'react'
import { pickupIsOver } from '../../../shared/reminders'
import type { Order } from '../../../shared/schemas/orders'
import { useTranslation } from '../../lib/translation'

/** The confirmation (and the dialog's code) is fetched at the click: the donor's table shows the button. */
const NotCollectedDialog = lazy(() =>
  import('./NotCollectedDialog').then((m) => ({ default: m.NotCollectedDialog })),
)

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
  if (order.status !== 'confirmed' || order.delivery || !pickupIsOver(order.pickupAt, new Date())) return null
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
          <NotCollectedDialog
            name={order.requester.name}
            onClose={() => setConfirming(false)}
            onConfirm={onConfirm}
          />
        </Suspense>
      )}
    </>
  )
}
