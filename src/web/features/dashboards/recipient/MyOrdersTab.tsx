import type { Order } from '../../../../shared/schemas/orders'
import type { Banner } from '../../../components/ui/Banner'
import { td } from '../../../components/ui/ScrollTable'
import { useOrderAction, useOrders } from '../../../entities/order/api'
import { HandoverRecord } from '../../../entities/order/HandoverRecord'
import { PickupDetails } from '../../../entities/order/PickupDetails'
import { formatDateTime, formatLkr, formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { OrderTable } from '../order-table'
import { CancelButton, useCancelResult } from './cancel'

/** My Claims or My Requests, newest first, with Cancel while pending. */
export function MyOrdersTab({
  kind,
  onResult,
}: {
  kind: 'claim' | 'request'
  onResult: (banner: Banner) => void
}) {
  const { t } = useTranslation()
  const query = useOrders(kind, 'requester')
  const action = useOrderAction()
  const result = useCancelResult(onResult)
  const heading = t(`dashboards.recipient.tabs.${kind === 'claim' ? 'claims' : 'requests'}`)
  const cancel = (order: Order) => action.mutate({ kind, id: order.id, action: 'cancel' }, result)
  const claim = kind === 'claim'
  return (
    <OrderTable
      title={heading}
      query={query}
      empty={t(`dashboards.recipient.empty.${kind}`)}
      columns={[
        t('dashboards.columns.foodItem'),
        claim && t('dashboards.columns.details'),
        claim && t('dashboards.columns.pickupDate'),
        claim && t('dashboards.columns.contactMethod'),
        !claim && t('dashboards.columns.quantity'),
        !claim && t('dashboards.columns.totalPrice'),
        !claim && t('dashboards.columns.paymentMethod'),
        t('dashboards.columns.status'),
        t(`dashboards.columns.${claim ? 'dateClaimed' : 'dateRequested'}`),
        t('dashboards.columns.actions'),
      ]}
      underTitle={(order) => (
        <div className="mt-1 max-w-xs space-y-1">
          <p className="text-xs text-gray-600">
            <span data-user-content>{order.listing.donorName}</span>
          </p>
          {order.status !== 'cancelled' && <PickupDetails order={order} summaryLink />}
          <HandoverRecord order={order} />
        </div>
      )}
      cells={(order) => (claim ? <ClaimCells order={order} /> : <RequestCells order={order} />)}
      actions={(order) =>
        order.status === 'pending' && (
          <CancelButton
            busy={action.isPending && action.variables?.id === order.id}
            onClick={() => cancel(order)}
          />
        )
      }
    />
  )
}

function ClaimCells({ order }: { order: Order }) {
  const { t } = useTranslation()
  return (
    <>
      <td className={td}>
        <p>{t('dashboards.servings', { count: order.quantity, n: formatNumber(order.quantity) })}</p>
        {order.notes && (
          <p className="mt-1 max-w-xs text-xs text-gray-600" data-user-content>
            {order.notes}
          </p>
        )}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(order.pickupAt)}</td>
      <td className={td}>
        {t(`dashboards.contact.${order.contactMethod ?? 'email'}`)}
        <p className="text-xs break-all text-gray-600">
          {order.contactMethod === 'phone' ? order.phone : (order.email ?? order.requester.email)}
        </p>
      </td>
    </>
  )
}

function RequestCells({ order }: { order: Order }) {
  const { t } = useTranslation()
  return (
    <>
      <td className={td}>
        {t('dashboards.servings', { count: order.quantity, n: formatNumber(order.quantity) })}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatLkr(order.totalPrice)}</td>
      <td className={td}>{order.paymentMethod ? t(`dashboards.payment.${order.paymentMethod}`) : '—'}</td>
    </>
  )
}
