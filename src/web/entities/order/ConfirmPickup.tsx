import { lazy, Suspense, useEffect, useState } from 'react'
import type { Order } from '../../../shared/schemas/orders'
import { useTranslation } from '../../lib/translation'

// The form (react-hook-form, zod) is not part of the dashboard's first load.
const loadConfirmPickupDialog = () => import('./ConfirmPickupDialog')
const ConfirmPickupDialog = lazy(() =>
  loadConfirmPickupDialog().then((m) => ({ default: m.ConfirmPickupDialog })),
)

/**
 * "Confirm pickup": the donor types (or scans) the recipient's pickup code, or confirms without it
 * and says why; the cash received for half-price food and the weight. Offline, the confirmation is
 * kept on the phone and sent when the network returns (docs/decisions/0047-pickup-codes.md).
 */
export function ConfirmPickupButton({
  order,
  className,
  onDone,
}: {
  order: Order
  className: string
  /** Told the confirmation was sent ('sent') or kept for later ('queued'). */
  onDone?: (outcome: 'sent' | 'queued') => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const confirmable = order.status === 'confirmed' && !order.delivery
  // The form and the scanner are fetched once the button shows, online: at the door the donor may
  // have no data, and the confirmation must still open, scan and wait on the phone (0047).
  useEffect(() => {
    if (confirmable)
      loadConfirmPickupDialog()
        .then(
          (m) => m.prefetchScanner(),
          () => {},
        )
        .catch(() => {})
  }, [confirmable])
  if (!confirmable) return null
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={className}
        data-confirm-pickup={order.id}
      >
        {t('handover.confirm')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmPickupDialog
            order={order}
            onClose={() => setOpen(false)}
            onDone={(outcome) => {
              setOpen(false)
              onDone?.(outcome)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
