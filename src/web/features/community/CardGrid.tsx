import type { ReactNode } from 'react'
import { LoadError, LoadMore } from '../../components/ui/ListState'

export type PagedQuery<T> = {
  data: { pages: { items: T[] }[] } | undefined
  isPending: boolean
  isError: boolean
  refetch: () => unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** A tab's cards, a page at a time: loading, could not load, empty, or the grid; then Load more. */
export function CardGrid<T extends { id: string }>({
  query,
  loading,
  empty,
  renderCard,
}: {
  query: PagedQuery<T>
  loading: string
  empty: ReactNode
  renderCard: (item: T) => ReactNode
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <>
      {query.isPending ? (
        <p role="status" className="py-8 text-center text-gray-600">
          {loading}
        </p>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>{renderCard(item)}</li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </>
  )
}
