import { useMutation } from '@tanstack/react-query'
import type { DeliveryAction } from '../../../shared/delivery'
import type { DeliveryCompletionInput } from '../../../shared/schemas/order-completion'
import type { Delivery } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'
import { PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'
import { useRefreshAfterOrderChange } from '../../lib/realtime'

/** Query keys start with 'deliveries', so the realtime stream refreshes them when deliveries change. */
export const deliveryKeys = {
  list: (as: 'requester' | 'volunteer' | 'available') => ['deliveries', 'dashboard', as] as const,
}

export function useDeliveries(as: 'requester' | 'volunteer' | 'available', size = PAGE_SIZE) {
  return usePagedQuery<Page<Delivery>>(
    [...deliveryKeys.list(as), size],
    (page) => `/api/deliveries?as=${as}&page=${page}&size=${size}`,
  )
}

export type { DeliveryAction } from '../../../shared/delivery'

/** The delivery as an iCalendar file, for its people (docs/decisions/0047-pickup-codes.md). */
export const deliveryCalendarPath = (id: string) => `/api/deliveries/${id}/calendar.ics`

/** POST /api/deliveries/:id/pick-up and the other steps; `complete` with the code or the reason. */
export function postDeliveryStep(id: string, action: DeliveryAction, input?: DeliveryCompletionInput) {
  return api<Delivery>(`/api/deliveries/${id}/${action}`, { method: 'POST', body: input })
}

export function useDeliveryAction() {
  const refresh = useRefreshAfterOrderChange()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DeliveryAction }) => postDeliveryStep(id, action),
    onSettled: refresh,
  })
}

/** Delivering: the recipient's pickup code, or without it and why (docs/decisions/0047-pickup-codes.md). */
export function useCompleteDelivery() {
  const refresh = useRefreshAfterOrderChange()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DeliveryCompletionInput }) =>
      postDeliveryStep(id, 'complete', input),
    onSettled: refresh,
  })
}

export function useRateDelivery() {
  const refresh = useRefreshAfterOrderChange()
  return useMutation({
    mutationFn: ({ id, rating }: { id: string; rating: number }) =>
      api<Delivery>(`/api/deliveries/${id}/rating`, { method: 'PUT', body: { rating } }),
    onSettled: refresh,
  })
}
