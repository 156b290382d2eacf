import type { DeliveryCompletionInput } from '../../../shared/schemas/order-completion'
import type { Delivery } from '../../../shared/schemas/orders'
import { useTranslation } from '../../lib/translation'
import { HandoverDialog } from './HandoverDialog'

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
  return (
    <HandoverDialog
      title={t('dashboards.volunteer.markComplete')}
      description={t('handover.description', { name: delivery.requester?.name ?? '' })}
      submitLabel={t('dashboards.volunteer.markComplete')}
      send={complete}
      onClose={onClose}
      onDone={onDone}
      onOffline={onOffline}
    />
  )
}
