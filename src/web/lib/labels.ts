import type { TFunction } from 'i18next'
import type { Diet } from '../../shared/dietary'
import type { Category } from '../../shared/schemas/listings'

/** A category's name in the user's language; 'Uncategorized' for none or an unknown one. */
export function categoryName(t: TFunction, category: Pick<Category, 'slug' | 'name'> | null | undefined) {
  if (!category) return t('categories.uncategorized')
  return t(`categories.${category.slug}`, { defaultValue: category.name })
}

export function districtName(t: TFunction, district: string) {
  return t(`districts.${district}`, { defaultValue: district })
}

/**
 * A diet's name (Find Food's chips, the profile): vegetarian, vegan and halal read as the tags do;
 * no beef and no pork have their own words (docs/decisions/0050-dietary-tags.md).
 */
export function dietLabel(t: TFunction, diet: Diet) {
  return diet === 'no-beef' || diet === 'no-pork'
    ? t(`listings.dietary.filters.${diet}`)
    : t(`listings.dietary.tags.${diet}`)
}
