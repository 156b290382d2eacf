import { Flag, MoreVertical } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { can } from '../../../shared/policy'
import type { Listing } from '../../../shared/schemas/listings'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'

const ReportDialog = lazy(() =>
  import('../../components/report/ReportDialog').then((m) => ({ default: m.ReportDialog })),
)

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50'

/** The card's ⋮ menu: Report (signed-out visitors sign in first); none on the donor's own listing. */
export function ListingCardMenu({ listing }: { listing: Listing }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signIn = useSignInHere()
  const me = useMe().data ?? null
  const [reporting, setReporting] = useState(false)
  if (me && !can(me, 'content.report', { ownerId: listing.donor.id })) return null
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex size-11 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow hover:bg-white"
          aria-label={t('listings.card.menu', { title: listing.title })}
        >
          <MoreVertical className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-40 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => (me ? setReporting(true) : navigate(signIn))}
            >
              <Flag className="size-4" aria-hidden />
              {t('moderation.report.button')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog target={{ type: 'listing', id: listing.id }} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  )
}
