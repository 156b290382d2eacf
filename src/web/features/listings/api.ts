import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { ErrorBody } from '../../../shared/api-error'
import type {
  Category,
  CreateListingInput,
  Home,
  Listing,
  ListingPage,
  ListingSort,
  UpdateListingInput,
} from '../../../shared/schemas/listings'
import type { Upload } from '../../../shared/schemas/uploads'
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

/**
 * Uploads one image with XMLHttpRequest, whose upload events give a progress bar (fetch has none).
 * Rejects with an ApiError like api().
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/uploads')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(body as Upload)
        return
      }
      const error = (body as ErrorBody | undefined)?.error
      reject(
        new ApiError(
          xhr.status,
          error ?? {
            code: xhr.status === 413 ? 'payload_too_large' : 'internal',
            message: xhr.statusText,
            key: xhr.status === 413 ? 'errors.tooLarge' : 'errors.internal',
          },
        ),
      )
    }
    xhr.onerror = () =>
      reject(new ApiError(0, { code: 'network', message: 'Could not reach Ahara.', key: 'errors.network' }))
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
