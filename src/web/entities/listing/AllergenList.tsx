import { Bean, Droplet, Egg, Fish, type LucideIcon, Milk, Nut, Shrimp, Sprout, Wheat } from 'lucide-react'
import { ALLERGENS, type Allergen } from '../../../shared/reference-data'
import { useTranslation } from '../../lib/translation'

/** One icon per allergen of the Safety page; the text always stands beside it. */
const ICONS: Record<Allergen, LucideIcon> = {
  gluten: Wheat,
  dairy: Milk,
  eggs: Egg,
  tree_nuts: Nut,
  peanuts: Bean,
  soy: Sprout,
  fish: Fish,
  shellfish: Shrimp,
  sesame: Droplet,
}

/** A listing's allergens as small labelled chips, in the Safety page's order; nothing when it declares none. */
export function AllergenList({
  allergens,
  className = '',
}: {
  allergens: readonly Allergen[]
  className?: string
}) {
  const { t } = useTranslation()
  if (allergens.length === 0) return null
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`} aria-label={t('listings.fields.allergens')}>
      {ALLERGENS.filter((allergen) => allergens.includes(allergen)).map((allergen) => {
        const Icon = ICONS[allergen]
        return (
          <li
            key={allergen}
            className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
          >
            <Icon className="size-3.5 shrink-0" aria-hidden />
            {t(`allergens.${allergen}`)}
          </li>
        )
      })}
    </ul>
  )
}
