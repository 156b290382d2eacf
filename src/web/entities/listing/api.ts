import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type { Home } from '../../../shared/schemas/home'
import type {
  Category,
  CreateListingInput,
  Listing,
  ListingPage,
  ListingSort,
  UpdateListingInput,
} from '../../../shared/schemas/listings'
import { ApiError, api } from '../../lib/api'

/** Query keys: every list of listings starts with LISTINGS_KEY, so one invalidation refreshes them. */
export const LISTINGS_KEY = ['listings'] as const
export const HOME_KEY = ['home'] as const

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () => api<Category[]>('/api/categories'),
    staleTime: 10 * 60_000,
  })
}

export function useCities() {
  return useQuery({
    queryKey: [...LISTINGS_KEY, 'cities'],
    queryFn: () => api<{ cities: string[] }>('/api/listings/cities').then((r) => r.cities),
  })
}

export type ListingFilters = {
  q?: string
  category?: string
  type?: 'free' | 'half-price'
  city?: string
  near?: string
  sort?: ListingSort
}

function listingsUrl(filters: ListingFilters, page: number): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
  params.set('page', String(page))
  return `/api/listings?${params}`
}

/**
 * Listings page by page ('Load more'); the server filters, sorts and pages. The router asks for Find
 * Food's first page with the page's code (routes.tsx).
 */
export const listingsQuery = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: [...LISTINGS_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => api<ListingPage>(listingsUrl(filters, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ListingPage) => (last.hasMore ? last.page + 1 : undefined),
  })

export function useListings(filters: ListingFilters) {
  return useInfiniteQuery({ ...listingsQuery(filters), placeholderData: keepPreviousData })
}

/** Home's figures, latest food and stories; the router asks for them with the page's code (routes.tsx). */
export const homeQuery = queryOptions({ queryKey: HOME_KEY, queryFn: () => api<Home>('/api/home') })

export function useHome() {
  return useQuery(homeQuery)
}

export function createListing(input: CreateListingInput): Promise<Listing> {
  return api<Listing>('/api/listings', { method: 'POST', body: input })
}

export function updateListing(id: string, input: UpdateListingInput): Promise<Listing> {
  return api<Listing>(`/api/listings/${id}`, { method: 'PATCH', body: input })
}

export function fetchListing(id: string): Promise<Listing> {
  return api<Listing>(`/api/listings/${id}`)
}

/**
 * One listing, as its page shows it; the router asks for it with the page's code (routes.tsx).
 * Under LISTINGS_KEY: the realtime stream and every order refresh it.
 */
export const listingQuery = (id: string) =>
  queryOptions({
    queryKey: [...LISTINGS_KEY, 'one', id],
    queryFn: () => fetchListing(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })

/** The 409 of an edit based on a version the listing no longer has (orders landed meanwhile). */
export const isStaleEdit = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.key === 'listings.errors.changedMeanwhile'
