import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  DonorDashboard,
  RecipientDashboard,
  VolunteerDashboard,
} from '../../../shared/schemas/dashboards'
import type { ListingPage } from '../../../shared/schemas/listings'
import type { Delivery, Order } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'

/**
 * Query keys start with 'dashboard', 'orders', 'deliveries' or 'listings', so the realtime stream
 * refreshes them when those tables change (STALE_KEYS_BY_TABLE in lib/realtime.ts).
 */
export const dashboardKeys = {
  summary: (role: 'donor' | 'recipient' | 'volunteer') => ['dashboard', role] as const,
  orders: (kind: 'claim' | 'request', as: 'requester' | 'donor') =>
    ['orders', 'dashboard', kind, as] as const,
  deliveries: (as: 'requester' | 'volunteer' | 'available') => ['deliveries', 'dashboard', as] as const,
  donorListings: (donorId: string, availability: 'all' | 'available') =>
    ['listings', 'dashboard', donorId, availability] as const,
}

type Page<T> = { items: T[]; page: number; size: number; hasMore: boolean }
const PAGE_SIZE = 20
const nextPage = (last: { page: number; hasMore: boolean }) => (last.hasMore ? last.page + 1 : undefined)

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

const ORDER_PATHS = { claim: 'claims', request: 'food-requests' } as const

/** Claims or food requests: mine (requester) or those on my listings (donor), newest first. */
export function useOrders(kind: 'claim' | 'request', as: 'requester' | 'donor') {
  return useInfiniteQuery({
    queryKey: dashboardKeys.orders(kind, as),
    queryFn: ({ pageParam, signal }) =>
      api<Page<Order>>(`/api/${ORDER_PATHS[kind]}?as=${as}&page=${pageParam}&size=${PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

export function useDeliveries(as: 'requester' | 'volunteer' | 'available', size = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...dashboardKeys.deliveries(as), size],
    queryFn: ({ pageParam, signal }) =>
      api<Page<Delivery>>(`/api/deliveries?as=${as}&page=${pageParam}&size=${size}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

/** The donor's own listings, newest first (available ones only for the Active tab). */
export function useDonorListings(donorId: string, availability: 'all' | 'available') {
  return useInfiniteQuery({
    queryKey: dashboardKeys.donorListings(donorId, availability),
    queryFn: ({ pageParam, signal }) =>
      api<ListingPage>(
        `/api/listings?donor=${encodeURIComponent(donorId)}&availability=${availability}&sort=newest&page=${pageParam}&size=${PAGE_SIZE}`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

export type OrderAction = 'approve' | 'decline' | 'complete' | 'cancel'
export type DeliveryAction = 'accept' | 'pick-up' | 'complete' | 'cancel'

/** Refreshes what an order or delivery change touches (the stream does it too, a moment later). */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        ['dashboard', 'orders', 'deliveries', 'listings', 'schedule'].includes(String(q.queryKey[0])),
    })
}

export function useOrderAction() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ kind, id, action }: { kind: 'claim' | 'request'; id: string; action: OrderAction }) =>
      api<Order>(`/api/${ORDER_PATHS[kind]}/${id}/${action}`, { method: 'POST' }),
    onSettled: refresh,
  })
}

export function useDeliveryAction() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DeliveryAction }) =>
      api<Delivery>(`/api/deliveries/${id}/${action}`, { method: 'POST' }),
    onSettled: refresh,
  })
}

export function useRateDelivery() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, rating }: { id: string; rating: number }) =>
      api<Delivery>(`/api/deliveries/${id}/rating`, { method: 'PUT', body: { rating } }),
    onSettled: refresh,
  })
}
