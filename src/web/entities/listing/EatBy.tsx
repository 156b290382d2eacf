import { Clock } from 'lucide-react'
import { eatByText } from '../../../shared/food-safety'
import type { Listing } from '../../../shared/schemas/listings'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/**
 * "Eat by 14:30": cooked food's safe-until time, shown prominently while it can be ordered
 * (docs/decisions/0049-cooked-food-clock.md). Nothing for food without the clock.
 */
export function EatBy({ listing, className = '' }: { listing: Listing; className?: string }) {
  const { t } = useTranslation()
  if (!listing.safeUntil || !listing.available) return null
  const text = eatByText(listing.safeUntil)
  return (
    <p className={`flex items-center gap-2 font-semibold text-amber-900 ${className}`}>
      <Clock className="size-4 shrink-0" aria-hidden />
      {text.key === 'listings.eatBy.today'
        ? t(text.key, { time: text.time })
        : t(text.key, {
            time: text.time,
            date: formatDate(listing.safeUntil, { day: 'numeric', month: 'short' }),
          })}
    </p>
  )
}
