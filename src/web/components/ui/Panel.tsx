import type { ReactNode } from 'react'
import { ListState, LoadMore } from './ListState'

/** A titled white box; actions sit beside the title. */
export function Panel({
  title,
  children,
  actions,
}: {
  title: string
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-gray-50 p-4 text-center text-sm text-gray-600">{children}</p>
}

export type PagedQuery = {
  isError: boolean
  isPending: boolean
  refetch: () => unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** A panel over a paged list: its loading, error and empty states, then the items and 'Load more'. */
export function PagedPanel({
  title,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string
  query: PagedQuery
  isEmpty: boolean
  empty: ReactNode
  children: ReactNode
}) {
  return (
    <Panel title={title}>
      <ListState query={query} isEmpty={isEmpty} empty={empty}>
        {children}
      </ListState>
      <LoadMore
        hasMore={!!query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </Panel>
  )
}
