import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  DonorDashboard,
  RecipientDashboard,
  VolunteerDashboard,
} from '../../../shared/schemas/dashboards'
import type { ListingPage } from '../../../shared/schemas/listings'
import type {
  CreateStandingOfferInput,
  StandingDropOffInput,
  StandingOffer,
} from '../../../shared/schemas/standing-offers'
import type { Me } from '../../../shared/schemas/users'
import { api } from '../../lib/api'
import { PAGE_SIZE, usePagedQuery } from '../../lib/paging'
import { ME_QUERY_KEY } from '../../lib/session'

/**
 * Query keys start with 'dashboard' or 'listings', so the realtime stream refreshes them when those
 * tables change (STALE_KEYS_BY_TABLE in lib/realtime.ts).
 */
export const dashboardKeys = {
  summary: (role: 'donor' | 'recipient' | 'volunteer') => ['dashboard', role] as const,
  donorListings: (donorId: string, availability: 'all' | 'available') =>
    ['listings', 'dashboard', donorId, availability] as const,
}

export function useDonorDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary('donor'),
    queryFn: ({ signal }) => api<DonorDashboard>('/api/dashboard/donor', { signal }),
  })
}

export function useRecipientDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary('recipient'),
    queryFn: ({ signal }) => api<RecipientDashboard>('/api/dashboard/recipient', { signal }),
  })
}

export function useVolunteerDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary('volunteer'),
    queryFn: ({ signal }) => api<VolunteerDashboard>('/api/dashboard/volunteer', { signal }),
  })
}

/** The donor's own listings, newest first (available ones only for the Active tab). */
export function useDonorListings(donorId: string, availability: 'all' | 'available') {
  return usePagedQuery<ListingPage>(
    dashboardKeys.donorListings(donorId, availability),
    (page) =>
      `/api/listings?donor=${encodeURIComponent(donorId)}&availability=${availability}&sort=newest&page=${page}&size=${PAGE_SIZE}`,
  )
}

/** The monthly impact report of 'YYYY-MM' as a PDF (docs/decisions/0056-dansal-and-monthly-reports.md). */
export const monthlyReportUrl = (month: string) => `/api/me/reports/${month}.pdf`

/** Turns the monthly report by e-mail on or off; /api/me answers the account as it is now. */
export function useMonthlyReportEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => api<Me>('/api/me', { method: 'PATCH', body: { monthlyReportEmail: on } }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  })
}

/** The donor's standing offers, or the arrangements the reader takes from (docs/decisions/0068-standing-arrangements.md). */
export function useStandingOffers(as: 'donor' | 'taker') {
  return useQuery({
    queryKey: ['dashboard', 'standing', as] as const,
    queryFn: ({ signal }) => api<{ items: StandingOffer[] }>(`/api/standing-offers?as=${as}`, { signal }),
  })
}

const STANDING_KEY = ['dashboard', 'standing'] as const

/** Open regular offers with room left in a district, for a recipient or an organisation to take from. */
export function useOpenStandingOffers(district: string | null) {
  const query = district ? `&district=${encodeURIComponent(district)}` : ''
  return useQuery({
    queryKey: [...STANDING_KEY, 'open', district] as const,
    queryFn: ({ signal }) =>
      api<{ items: StandingOffer[] }>(`/api/standing-offers?as=open${query}`, { signal }),
  })
}

/** Every change to a standing offer refreshes the donor's, the taker's and the open lists. */
function useStandingMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STANDING_KEY }),
  })
}

export const useCreateStandingOffer = () =>
  useStandingMutation((body: CreateStandingOfferInput) =>
    api<StandingOffer>('/api/standing-offers', { body }),
  )

export const usePauseStandingOffer = () =>
  useStandingMutation(({ id, until }: { id: string; until: string }) =>
    api<StandingOffer>(`/api/standing-offers/${id}/pause`, { body: { until } }),
  )

export const useEndStandingOffer = () =>
  useStandingMutation((id: string) =>
    api<StandingOffer>(`/api/standing-offers/${id}/end`, { method: 'POST' }),
  )

export const useJoinStandingOffer = () =>
  useStandingMutation(({ id, quantity }: { id: string; quantity: number }) =>
    api<StandingOffer>(`/api/standing-offers/${id}/takers`, { body: { quantity } }),
  )

export const useLeaveStandingOffer = () =>
  useStandingMutation((id: string) => api<null>(`/api/standing-offers/${id}/takers/me`, { method: 'DELETE' }))

/** The taker asks for their portions to be delivered, or changes where to (docs/decisions/0069-standing-deliveries.md). */
export const useAskStandingDelivery = () =>
  useStandingMutation(({ id, dropOff }: { id: string; dropOff: StandingDropOffInput }) =>
    api<StandingOffer>(`/api/standing-offers/${id}/takers/me/delivery`, { method: 'PUT', body: dropOff }),
  )

export const useStopStandingDelivery = () =>
  useStandingMutation((id: string) =>
    api<StandingOffer>(`/api/standing-offers/${id}/takers/me/delivery`, { method: 'DELETE' }),
  )
