import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from './api'

/** One page of a paged API list. */
export type Page<T> = { items: T[]; page: number; size: number; hasMore: boolean }

export const PAGE_SIZE = 20

/** TanStack Query's getNextPageParam for a paged API list. */
export const nextPage = (last: { page: number; hasMore: boolean }) =>
  last.hasMore ? last.page + 1 : undefined

/** Every item of the pages loaded so far. */
export function loadedItems<T>(query: { data?: { pages: { items: T[] }[] } }): T[] {
  return query.data?.pages.flatMap((p) => p.items) ?? []
}

/** A paged API list, page by page ('Load more'); url gives the address of a page. */
export function usePagedQuery<P extends { page: number; hasMore: boolean }>(
  queryKey: readonly unknown[],
  url: (page: number) => string,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api<P>(url(pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}
