import { useQuery } from '@tanstack/react-query'
import type { Impact } from '../../../shared/schemas/stats'
import { api } from '../../lib/api'

/** TanStack Query key of the impact figures (the realtime stream invalidates it on changes). */
export const IMPACT_QUERY_KEY = ['impact'] as const

export function useImpact() {
  return useQuery({
    queryKey: IMPACT_QUERY_KEY,
    queryFn: ({ signal }) => api<Impact>('/api/impact', { signal }),
  })
}
