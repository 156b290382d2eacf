import { useMutation } from '@tanstack/react-query'
import type { ClaimInput, DeliveryInput, FoodRequestInput, Order } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'
import { PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'
import { useRefreshAfterOrderChange } from '../../lib/realtime'

export const ordersApi = {
  claim: (listingId: string, input: ClaimInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/claims`, { body: input }),
  request: (listingId: string, input: FoodRequestInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/food-requests`, { body: input }),
  delivery: (listingId: string, input: DeliveryInput) =>
    api<{ id: string; fee: number }>(`/api/listings/${listingId}/deliveries`, { body: input }),
}

/** Query keys start with 'orders', so the realtime stream refreshes them when orders change. */
export const orderKeys = {
  list: (kind: 'claim' | 'request', as: 'requester' | 'donor') => ['orders', 'dashboard', kind, as] as const,
}

const ORDER_PATHS = { claim: 'claims', request: 'food-requests' } as const

/** Claims or food requests: mine (requester) or those on my listings (donor), newest first. */
export function useOrders(kind: 'claim' | 'request', as: 'requester' | 'donor') {
  return usePagedQuery<Page<Order>>(
    orderKeys.list(kind, as),
    (page) => `/api/${ORDER_PATHS[kind]}?as=${as}&page=${page}&size=${PAGE_SIZE}`,
  )
}

export type OrderAction = 'approve' | 'decline' | 'complete' | 'cancel'

export function useOrderAction() {
  const refresh = useRefreshAfterOrderChange()
  return useMutation({
    mutationFn: ({ kind, id, action }: { kind: 'claim' | 'request'; id: string; action: OrderAction }) =>
      api<Order>(`/api/${ORDER_PATHS[kind]}/${id}/${action}`, { method: 'POST' }),
    onSettled: refresh,
  })
}

/** An order's status for display: a cancelled order the donor decided on reads 'Declined'. */
export function orderStatus(order: { status: string; decidedAt: string | null }): string {
  return order.status === 'cancelled' && order.decidedAt ? 'declined' : order.status
}
