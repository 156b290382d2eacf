import { Carrot, Egg, Fish, type LucideIcon, ShieldCheck, Sprout, UtensilsCrossed } from 'lucide-react'
import { DIETARY_TAGS, type DietaryTag } from '../../../shared/dietary'
import { useTranslation } from '../../lib/translation'

/**
 * One icon per dietary tag; the text always stands beside it (docs/decisions/0050-dietary-tags.md).
 * Icons the first visit already loads (categories, allergens, the shell) where one fits: each new one
 * costs the home page's JS budget.
 */
const ICONS: Record<DietaryTag, LucideIcon> = {
  vegetarian: Carrot,
  vegan: Sprout,
  halal: ShieldCheck,
  'contains-beef': UtensilsCrossed,
  'contains-pork': UtensilsCrossed,
  'contains-egg': Egg,
  'contains-fish': Fish,
}

/** A listing's dietary and religious tags as labelled chips, in their list's order; nothing without tags. */
export function DietaryList({ tags, className = '' }: { tags: readonly DietaryTag[]; className?: string }) {
  const { t } = useTranslation()
  if (tags.length === 0) return null
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`} aria-label={t('listings.fields.dietary')}>
      {DIETARY_TAGS.filter((tag) => tags.includes(tag)).map((tag) => {
        const Icon = ICONS[tag]
        return (
          <li
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-200"
          >
            <Icon className="size-3.5 shrink-0" aria-hidden />
            {t(`listings.dietary.tags.${tag}`)}
          </li>
        )
      })}
    </ul>
  )
}
