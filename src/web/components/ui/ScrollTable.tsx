import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { PagedPanel, type PagedQuery } from './Panel'

const th = 'whitespace-nowrap border-b border-gray-200 px-3 py-2 font-semibold text-gray-700'
/** A body cell's classes. */
export const td = 'border-b border-gray-100 px-3 py-3 align-top text-gray-800'

/**
 * A table under its column headings (false leaves a column out). Below 640 px it is a list of cards
 * (`.card-table` in app.css): a row is a card, each cell its column's heading over its value, so the
 * status and the actions stay on screen without scrolling sideways. From 640 px a wide table scrolls.
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
  const headings = columns.filter((column) => column !== false)
  const body = useRef<HTMLTableSectionElement>(null)
  const key = headings.join('\n')
  // The rows come from the features; a card's labels are the headings, so every cell is labelled
  // here, also the cells of rows added later.
  useLayoutEffect(() => {
    const tbody = body.current
    if (!tbody) return
    const names = key.split('\n')
    const label = () => {
      for (const row of tbody.rows) {
        for (const cell of row.cells) {
          const name = names[cell.cellIndex]
          if (name) cell.dataset.label = name
        }
      }
    }
    label()
    const observer = new MutationObserver(label)
    observer.observe(tbody, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [key])
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="overflow-x-auto">
      <table className="card-table w-full text-left text-sm sm:min-w-[640px]">
        <thead>
          <tr>
            {headings.map((column, index) => (
              <th key={index} className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>{children}</tbody>
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
