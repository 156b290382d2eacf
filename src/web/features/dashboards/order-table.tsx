import type { ReactNode } from 'react'
import type { Order } from '../../../shared/schemas/orders'
import { PagedTable, td } from '../../components/ui/ScrollTable'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { orderStatus, type useOrders } from '../../entities/order/api'
import { formatDate } from '../../lib/format'
import { loadedItems } from '../../lib/paging'

/**
 * A paged table of orders, a row each (marked data-order): the food's title with `underTitle` below
 * it, then `cells`, the status, the date of the order and the `actions`.
 */
export function OrderTable({
  title,
  query,
  empty,
  columns,
  underTitle,
  cells,
  actions,
}: {
  title: string
  query: ReturnType<typeof useOrders>
  empty: string
  columns: (string | false)[]
  underTitle: (order: Order) => ReactNode
  cells: (order: Order) => ReactNode
  actions: (order: Order) => ReactNode
}) {
  return (
    <PagedTable
      title={title}
      query={query}
      items={loadedItems(query)}
      empty={empty}
      columns={columns}
      row={(order) => (
        <tr key={order.id} data-order={order.id}>
          <td className={`${td} min-w-40`}>
            <p className="font-medium text-gray-900" data-user-content>
              {order.listing.title}
            </p>
            {underTitle(order)}
          </td>
          {cells(order)}
          <td className={td}>
            <StatusBadge kind="order" status={orderStatus(order)} />
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatDate(order.createdAt)}</td>
          <td className={td}>{actions(order)}</td>
        </tr>
      )}
    />
  )
}
