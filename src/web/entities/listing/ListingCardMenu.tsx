import { MoreVertical } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import { can } from '../../../shared/policy'
import type { Listing } from '../../../shared/schemas/listings'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { cardMenuTriggerClass } from './card-menu-trigger'

const ReportDialog = lazy(() =>
  import('../../components/report/ReportDialog').then((m) => ({ default: m.ReportDialog })),
)
// Every card has the menu, few readers open it: its menu code loads on the first tap, not with the
// list (docs/decisions/0032-web-performance.md).
const ListingCardMenuDropdown = lazy(() =>
  import('./ListingCardMenuDropdown').then((m) => ({ default: m.ListingCardMenuDropdown })),
)

/** The card's ⋮ menu: Report (signed-out visitors sign in first); none on the donor's own listing. */
export function ListingCardMenu({ listing }: { listing: Listing }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const signIn = useSignInHere()
  const me = useMe().data ?? null
  const [menuAsked, setMenuAsked] = useState(false)
  const [reporting, setReporting] = useState(false)
  if (me && !can(me, 'content.report', { ownerId: listing.donor.id })) return null
  const trigger = (
    <button
      type="button"
      className={cardMenuTriggerClass}
      aria-label={t('listings.card.menu', { title: listing.title })}
      aria-haspopup="menu"
      onClick={() => setMenuAsked(true)}
    >
      <MoreVertical className="size-5" aria-hidden />
    </button>
  )
  return (
    <>
      {menuAsked ? (
        <Suspense fallback={trigger}>
          <ListingCardMenuDropdown
            listing={listing}
            onReport={() => (me ? setReporting(true) : navigate(signIn))}
          />
        </Suspense>
      ) : (
        trigger
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog target={{ type: 'listing', id: listing.id }} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  )
}
