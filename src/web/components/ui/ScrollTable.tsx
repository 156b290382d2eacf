import type { ReactNode } from 'react'
import { PagedPanel, type PagedQuery } from './Panel'

const th = 'whitespace-nowrap border-b border-gray-200 px-3 py-2 font-semibold text-gray-700'
/** A body cell's classes. */
export const td = 'border-b border-gray-100 px-3 py-3 align-top text-gray-800'

/**
 * A table under its column headings (false leaves a column out). A wide table scrolls sideways on a
 * phone instead of being cut.
 */
export function ScrollTable({
  label,
  columns,
  children,
}: {
  label: string
  columns: (string | false)[]
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead>
          <tr>
            {columns
              .filter((column) => column !== false)
              .map((column, index) => (
                <th key={index} className={th}>
                  {column}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  )
}

/** A paged list shown as a table in a panel: its loading, error and empty states, then 'Load more'. */
export function PagedTable<T>({
  title,
  query,
  items,
  empty,
  columns,
  row,
}: {
  title: string
  query: PagedQuery
  items: T[]
  empty: ReactNode
  columns: (string | false)[]
  row: (item: T) => ReactNode
}) {
  return (
    <PagedPanel title={title} query={query} isEmpty={items.length === 0} empty={empty}>
      <ScrollTable label={title} columns={columns}>
        {items.map(row)}
      </ScrollTable>
    </PagedPanel>
  )
}
