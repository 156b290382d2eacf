import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { Diet } from '../../../shared/dietary'
import type { ListingSort } from '../../../shared/reference-data'
import type { Home } from '../../../shared/schemas/home'
import type { CreateListingInput, UpdateListingInput } from '../../../shared/schemas/listing-input'
import type { Category, Listing, ListingPage } from '../../../shared/schemas/listings'
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

export type ListingFilters = {
  q?: string
  category?: string
  type?: 'free' | 'half-price'
  /** Sent as repeated ?diet= parameters. */
  diet?: Diet[]
  district?: string
  /** A district, or a point "LAT,LNG" (then only listings within radiusKm). */
  near?: string
  radiusKm?: string
  sort?: ListingSort
}

/** The filters as the listings API's query (GET /api/listings and its map pins take the same). */
export function listingParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item)
    else if (value) params.set(key, value)
  }
  return params
}

function listingsUrl(filters: ListingFilters, page: number): string {
  const params = listingParams(filters)
  params.set('page', String(page))
  return `/api/listings?${params}`
}

/** Listings page by page ('Load more'); the server filters, sorts and pages. */
export function useListings(filters: ListingFilters) {
  return useInfiniteQuery({
    queryKey: [...LISTINGS_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => api<ListingPage>(listingsUrl(filters, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  })
}

export function useHome() {
  return useQuery({ queryKey: HOME_KEY, queryFn: () => api<Home>('/api/home') })
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

/** The 409 of an edit based on a version the listing no longer has (orders landed meanwhile). */
export const isStaleEdit = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.key === 'listings.errors.changedMeanwhile'
