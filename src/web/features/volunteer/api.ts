import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StandingDelivery, StandingDeliveryDaysInput } from '../../../shared/schemas/standing-offers'
import { api } from '../../lib/api'

/**
 * A volunteer's standing deliveries and those they could take (docs/decisions/0069-standing-deliveries.md).
 * The key starts with 'dashboard' so that the realtime stream refreshes it (lib/realtime.ts).
 */
const KEY = ['dashboard', 'standing-deliveries'] as const

export function useStandingDeliveries(as: 'volunteer' | 'open') {
  return useQuery({
    queryKey: [...KEY, as] as const,
    queryFn: ({ signal }) =>
      api<{ items: StandingDelivery[] }>(`/api/standing-deliveries?as=${as}`, { signal }),
  })
}

function useStandingDeliveryMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) })
}

export const useTakeDeliveryDays = () =>
  useStandingDeliveryMutation(({ item, body }: { item: StandingDelivery; body: StandingDeliveryDaysInput }) =>
    api<StandingDelivery>(`/api/standing-offers/${item.offerId}/takers/${item.takerId}/deliveries`, { body }),
  )

export const useStopDelivering = () =>
  useStandingDeliveryMutation((id: string) =>
    api<null>(`/api/standing-deliveries/${id}`, { method: 'DELETE' }),
  )
