import { useQuery } from '@tanstack/react-query'
import type { Order } from '../../../shared/schemas/orders'
import type { DeliveryRun } from '../../../shared/schemas/runs'
import { api } from '../../lib/api'

/**
 * Where the requester's delivery is in its volunteer's run: stops before theirs and when
 * (docs/decisions/0071-volunteer-runs.md). The key starts with 'runs', so a moving run refreshes it.
 */
export function useDeliveryRun(deliveryId: string | null) {
  return useQuery({
    queryKey: ['runs', 'delivery', deliveryId],
    queryFn: ({ signal }) => api<DeliveryRun>(`/api/deliveries/${deliveryId}/run`, { signal }),
    enabled: deliveryId !== null,
  })
}

/** One order as its parties see it; the key starts with 'orders', so the realtime stream refreshes it. */
export function useOrderSummary(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'summary', id],
    queryFn: () => api<Order>(`/api/orders/${encodeURIComponent(id)}`),
    enabled,
    retry: false,
  })
}
