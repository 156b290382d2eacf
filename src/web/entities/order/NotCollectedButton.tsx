import { useState } from 'react'
import { pickupIsOver } from '../../../shared/reminders'
import type { Order } from '../../../shared/schemas/orders'
import { Dialog } from '../../components/ui/Dialog'
import { Button } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

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
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('orders.notCollected.title')}
        description={t('orders.notCollected.message', { name: order.requester.name })}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('orders.notCollected.keep')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false)
              onConfirm()
            }}
          >
            {t('orders.notCollected.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  )
}
