import type { Order } from '../../../../shared/schemas/orders'
import { Panel } from '../../../components/ui/Panel'
import { useOrders } from '../../../entities/order/api'
import { PickupDetails } from '../../../entities/order/PickupDetails'
import { loadedItems } from '../../../lib/paging'
import { useTranslation } from '../../../lib/translation'

/**
 * The recipient's approved claims and requests, soonest pickup first, with where and when to collect:
 * the first thing on the dashboard, not only under My Claims. Nothing shows when none is approved.
 */
export function UpcomingPickups() {
  const { t } = useTranslation()
  const claims = useOrders('claim', 'requester')
  const requests = useOrders('request', 'requester')
  const approved: Order[] = [...loadedItems(claims), ...loadedItems(requests)]
    .filter((order) => order.status === 'confirmed')
    .sort((a, b) => a.pickupAt.localeCompare(b.pickupAt))
  if (approved.length === 0) return null
  return (
    <Panel title={t('dashboards.recipient.upcomingPickups')}>
      <ul className="divide-y divide-gray-100">
        {approved.map((order) => (
          <li key={order.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
            <p className="font-semibold text-gray-900" data-user-content>
              {order.listing.title}
            </p>
            <PickupDetails order={order} summaryLink />
          </li>
        ))}
      </ul>
    </Panel>
  )
}
