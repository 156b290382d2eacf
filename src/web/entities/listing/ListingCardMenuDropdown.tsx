import { Flag, MoreVertical } from 'lucide-react'
import type { Listing } from '../../../shared/schemas/listings'
import { Menu, MenuItem } from '../../components/ui/Menu'
import { useTranslation } from '../../lib/translation'
import { cardMenuTriggerClass } from './card-menu-trigger'

/** The card's ⋮ menu itself: mounted open by the tap that first asked for it (ListingCardMenu). */
export function ListingCardMenuDropdown({ listing, onReport }: { listing: Listing; onReport: () => void }) {
  const { t } = useTranslation()
  return (
    <Menu
      label={t('listings.card.menu', { title: listing.title })}
      trigger={<MoreVertical className="size-5" aria-hidden />}
      triggerClassName={cardMenuTriggerClass}
      menuClassName="z-40 min-w-40"
      sideOffset={4}
      defaultOpen
    >
      <MenuItem icon={Flag} onSelect={onReport} className="min-h-11">
        {t('moderation.report.button')}
      </MenuItem>
    </Menu>
  )
}
