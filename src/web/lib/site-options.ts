import { useQuery } from '@tanstack/react-query'
import type { SiteOptions } from '../../shared/schemas/users'
import { api } from './api'

/** The server's sign-in methods and the footer's social links; they change only with a restart. */
export function useSiteOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: () => api<SiteOptions>('/api/auth-options'),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
