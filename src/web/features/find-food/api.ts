import { useQuery } from '@tanstack/react-query'
import type { Listing, ListingPins } from '../../../shared/schemas/listings'
import { fetchListing, LISTINGS_KEY, type ListingFilters, listingParams } from '../../entities/listing/api'
import { api } from '../../lib/api'

/**
 * Every listing the filters match, as pins on their public points (GET /api/listings/pins): the map
 * shows them all, not only the pages loaded (docs/decisions/0072-the-map-view.md). Its key starts
 * with LISTINGS_KEY, so the live stream refreshes it with the list.
 */
export function useListingPins(filters: ListingFilters) {
  return useQuery({
    queryKey: [...LISTINGS_KEY, 'pins', filters],
    queryFn: ({ signal }) => api<ListingPins>(`/api/listings/pins?${listingParams(filters)}`, { signal }),
  })
}

/**
 * The listing whose pin was tapped, for its card: the one already in the loaded pages, else read
 * (a pin beyond them). Under LISTINGS_KEY, as the listing page's own read.
 */
export function useChosenListing(id: string | null, loaded: readonly Listing[]) {
  const known = id ? loaded.find((listing) => listing.id === id) : undefined
  const query = useQuery({
    queryKey: [...LISTINGS_KEY, 'one', id],
    queryFn: () => fetchListing(id!),
    enabled: id !== null && !known,
  })
  return { listing: known ?? (id ? query.data : undefined), failed: !known && query.isError }
}
