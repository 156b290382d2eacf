import type { TFunction } from 'i18next'
import type { Category } from '../../shared/schemas/listings'

/** A category's name in the user's language; 'Uncategorized' for none or an unknown one. */
export function categoryName(t: TFunction, category: Pick<Category, 'slug' | 'name'> | null | undefined) {
  if (!category) return t('categories.uncategorized')
  return t(`categories.${category.slug}`, { defaultValue: category.name })
}

export function districtName(t: TFunction, district: string) {
  return t(`districts.${district}`, { defaultValue: district })
}
