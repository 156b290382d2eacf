import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Me } from '../../shared/schemas/users'
import { ApiError, api } from './api'

export const ME_QUERY_KEY = ['me'] as const

/** The signed-in user (null when signed out). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('/api/me')
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** Mails the signed-in user's verification link again (docs/decisions/0057-proved-email-and-sign-in-links.md). */
export const resendEmailVerification = () => api<{ ok: true }>('/api/email-verifications', { method: 'POST' })

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 60_000 })
}

/** Refreshes everything that depends on who is signed in. */
export function useRefreshSession() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries()
}

/** The dashboard of a role (a moderator's is /moderation); '/' when the role is unknown. */
export function dashboardPath(role: Me['role'] | undefined): string {
  if (role === 'moderator') return '/moderation'
  return role ? `/dashboard/${role}` : '/'
}
