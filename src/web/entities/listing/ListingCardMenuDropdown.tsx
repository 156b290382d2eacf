import { Flag, MoreVertical } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { Listing } from '../../../shared/schemas/listings'
import { useTranslation } from '../../lib/translation'
import { cardMenuTriggerClass } from './card-menu-trigger'

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50'

/** The card's ⋮ menu itself: mounted open by the tap that first asked for it (ListingCardMenu). */
export function ListingCardMenuDropdown({ listing, onReport }: { listing: Listing; onReport: () => void }) {
  const { t } = useTranslation()
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        className={cardMenuTriggerClass}
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
          <DropdownMenu.Item className={itemClass} onSelect={onReport}>
            <Flag className="size-4" aria-hidden />
            {t('moderation.report.button')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
