import { useMutation, useQuery } from '@tanstack/react-query'
import {
  ORDER_PATHS,
  type OrderAction,
  type OrderKind,
  orderActionPath,
  orderPath,
} from '../../../shared/orders'
import type { Listing } from '../../../shared/schemas/listings'
import type { ClaimInput, DeliveryInput, FoodRequestInput } from '../../../shared/schemas/order-input'
import type { FairUse, Order } from '../../../shared/schemas/orders'
import { ApiError, api } from '../../lib/api'
import { PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'
import { useRefreshAfterOrderChange } from '../../lib/realtime'

export const ordersApi = {
  claim: (listingId: string, input: ClaimInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/claims`, { body: input }),
  request: (listingId: string, input: FoodRequestInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/food-requests`, { body: input }),
  delivery: (listingId: string, input: DeliveryInput) =>
    api<{ id: string; fee: number }>(`/api/listings/${listingId}/deliveries`, { body: input }),
  /** How much more this person may order now (docs/decisions/0038-trust-ratings-fair-use.md). */
  fairUse: () => api<FairUse>('/api/me/fair-use'),
}

/**
 * The listing an order dialog is open on, as it is now: its key starts with 'listings', so the
 * realtime stream refreshes it when someone else takes the food meanwhile. Gone (404) reads as
 * unavailable; no answer (offline) keeps the listing as shown, and sending says it needs a connection.
 */
export function useListingNow(listing: Listing): { available: boolean; quantity: number } {
  const query = useQuery({
    queryKey: ['listings', 'order-dialog', listing.id],
    queryFn: () => api<Listing>(`/api/listings/${listing.id}`),
    initialData: listing,
    staleTime: 0,
    retry: false,
  })
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 0)) {
    return { available: false, quantity: 0 }
  }
  return { available: query.data.available, quantity: query.data.quantity }
}

/** Query keys start with 'orders', so the realtime stream refreshes them when orders change. */
export const orderKeys = {
  list: (kind: OrderKind, as: 'requester' | 'donor') => ['orders', 'dashboard', kind, as] as const,
}

/** Claims or food requests: mine (requester) or those on my listings (donor), newest first. */
export function useOrders(kind: OrderKind, as: 'requester' | 'donor') {
  return usePagedQuery<Page<Order>>(
    orderKeys.list(kind, as),
    (page) => `/api/${ORDER_PATHS[kind]}?as=${as}&page=${page}&size=${PAGE_SIZE}`,
  )
}

export function useOrderAction() {
  const refresh = useRefreshAfterOrderChange()
  return useMutation({
    mutationFn: ({ kind, id, action }: { kind: OrderKind; id: string; action: OrderAction }) =>
      api<Order>(orderActionPath(kind, id, action), { method: 'POST' }),
    onSettled: refresh,
  })
}

/**
 * An order's status for display: one its requester did not collect reads 'Not collected', another
 * cancelled order the donor decided on 'Declined'.
 */
export function orderStatus(order: { status: string; decidedAt: string | null; noShow: boolean }): string {
  if (order.noShow) return 'not-collected'
  return order.status === 'cancelled' && order.decidedAt ? 'declined' : order.status
}

/** `/api/claims/:id/calendar.ics`: the order's pickup as a calendar event (a download link). */
export function orderCalendarPath(kind: OrderKind, id: string): string {
  return `${orderPath(kind, id)}/calendar.ics`
}
