/** One page of a paged API list. */
export type Page<T> = { items: T[]; page: number; size: number; hasMore: boolean }

export const PAGE_SIZE = 20

/** TanStack Query's getNextPageParam for a paged API list. */
export const nextPage = (last: { page: number; hasMore: boolean }) =>
  last.hasMore ? last.page + 1 : undefined
