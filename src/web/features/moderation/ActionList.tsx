import { type ReactNode, useState } from 'react'
import { StickyBanner, useBanner } from '../../components/ui/Banner'
import { PagedPanel, type PagedQuery } from '../../components/ui/Panel'
import { loadedItems } from '../../lib/paging'
import { ActionDialog, type PendingAction } from './ActionDialog'

/**
 * A paged list of cases a moderator acts on (reports, suspended users): each entry offers its
 * actions, an action asks why in the ActionDialog, and the banner says what was done.
 */
export function ActionList<T>({
  title,
  empty,
  query,
  above,
  entry,
}: {
  title: string
  empty: string
  query: PagedQuery & { data?: { pages: { items: T[] }[] } }
  /** What stands above the list (the report statuses to choose). */
  above?: ReactNode
  entry: (item: T, act: (action: PendingAction) => void) => ReactNode
}) {
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [banner, setBanner] = useBanner()
  const items = loadedItems(query)
  return (
    <div className="space-y-4">
      <StickyBanner banner={banner} />
      {above}
      <PagedPanel title={title} query={query} isEmpty={items.length === 0} empty={empty}>
        <ul className="space-y-3">{items.map((item) => entry(item, setPending))}</ul>
      </PagedPanel>
      {pending && (
        <ActionDialog
          action={pending}
          onClose={() => setPending(null)}
          onDone={(text) => {
            setPending(null)
            setBanner({ tone: 'success', text })
          }}
        />
      )}
    </div>
  )
}
