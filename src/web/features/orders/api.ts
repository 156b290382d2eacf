import { useQuery } from '@tanstack/react-query'
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
