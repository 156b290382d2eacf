import type { DistrictName } from '../../../shared/districts'
import { LISTING_SORTS, type ListingSort } from '../../../shared/reference-data'
import type { ListingFilters } from '../../entities/listing/api'

/** The location select's value for 'Your Location ({city})'. */
export const NEAR_ME = 'near-me'

const isSort = (value: string | null): value is ListingSort =>
  value !== null && (LISTING_SORTS as readonly string[]).includes(value)

/**
 * What Find Food's address asks for (?q, category, type, location, sort) and the listings query it
 * makes. `origin` is where distances are measured from: the detected district, else the signed-in
 * user's; null when neither is known.
 */
export function findFoodSearch(params: URLSearchParams, origin: DistrictName | null) {
  const q = params.get('q') ?? ''
  const category = params.get('category') ?? ''
  const type = params.get('type') ?? ''
  const location = params.get('location') ?? ''
  const sortParam = params.get('sort')
  const nearMe = location === NEAR_ME && origin !== null
  const sort: ListingSort = isSort(sortParam) ? sortParam : nearMe ? 'distance' : 'newest'
  const filters: ListingFilters = {
    q: q || undefined,
    category: category || undefined,
    type: type === 'free' || type === 'half-price' ? type : undefined,
    city: location && location !== NEAR_ME ? location : undefined,
    near: sort === 'distance' || nearMe ? (origin ?? undefined) : undefined,
    sort: sort === 'distance' && !origin ? 'newest' : sort,
  }
  return { q, category, type, location, sort, nearMe, filters }
}

/**
 * Whether the query depends on where the reader is: it cannot be asked for before the page knows
 * (the router's prefetch, routes.tsx).
 */
export function searchNeedsOrigin(params: URLSearchParams): boolean {
  return params.get('location') === NEAR_ME || params.get('sort') === 'distance'
}
