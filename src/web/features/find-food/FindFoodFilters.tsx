import { ChevronDown, LayoutGrid, SlidersHorizontal } from 'lucide-react'
import { memo, type ReactNode, useState } from 'react'
import { DIETS, type Diet } from '../../../shared/dietary'
import { type DistrictName, isDistrictName } from '../../../shared/districts'
import { LISTING_SORTS, LISTING_TYPES, type ListingSort } from '../../../shared/reference-data'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { SelectField } from '../../components/ui/form'
import { SearchBox } from '../../components/ui/SearchBox'
import { useCategories } from '../../entities/listing/api'
import { CategoryIcon } from '../../entities/listing/CategoryIcon'
import { categoryName, dietLabel, districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { useMediaQuery } from '../../lib/use-phone-width'

/** `location=near-me`: within a radius of the phone's position, nearest first (decision 0072). */
export const NEAR_ME = 'near-me'
/** `location=home`: within a radius of a signed-in person's home area, nearest first. */
export const NEAR_HOME = 'home'

/**
 * Search, location, type, sort and category; on a phone all but the search fold away, and what is
 * folded away is not built until the reader opens it: on a first visit a cheap phone builds the
 * list's cards, not a hundred elements it does not show, and does not fetch the categories for them
 * (docs/decisions/0065-light-on-the-cheapest-phone.md). Memoised: the list's data arriving renders
 * the page again, not the filters.
 */
export const FindFoodFilters = memo(function FindFoodFilters({
  searchText,
  onSearchTextChange,
  ...choices
}: FilterChoices & { searchText: string; onSearchTextChange: (text: string) => void }) {
  const { update } = choices
  const { t } = useTranslation()
  const [filtersOpen, setFiltersOpen] = useState(false)
  // Tailwind's `md`, where the panel below stops folding.
  const folds = useMediaQuery('(width < 48rem)')
  return (
    <section
      aria-label={t('find-food.filters.label')}
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <div className="flex gap-2">
        <SearchBox
          label={t('find-food.filters.search')}
          placeholder={t('find-food.filters.search')}
          value={searchText}
          onChange={onSearchTextChange}
          onEnter={() => update({ q: searchText.trim() })}
        />
        <button
          type="button"
          className="flex items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium md:hidden"
          aria-expanded={filtersOpen}
          aria-controls="find-food-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          {t('find-food.filters.toggle')}
          <ChevronDown
            className={`size-4 transition-transform ${filtersOpen ? 'rotate-180' : ''}`}
            aria-hidden
          />
        </button>
      </div>

      <div id="find-food-filters" className={`${filtersOpen ? 'block' : 'hidden'} mt-4 space-y-4 md:block`}>
        {(filtersOpen || !folds) && <FilterPanel {...choices} />}
      </div>
    </section>
  )
})

/** The filters chosen in the address, and `update` to change them. */
type FilterChoices = {
  update: (changes: Record<string, string | readonly string[]>) => void
  location: string
  type: string
  diets: readonly Diet[]
  sort: ListingSort
  category: string
  origin: DistrictName | null
}

/** Location, type and sort, then the diet and category buttons: what folds away on a phone. */
function FilterPanel({ update, location, type, diets, sort, category, origin }: FilterChoices) {
  const { t } = useTranslation()
  const categories = useCategories()
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        {/* A district filters to its food; nearness is the sort's own, labelled choice (issue 39, item 7). */}
        <SelectField
          label={t('find-food.filters.location')}
          value={isDistrictName(location) ? location : ''}
          onChange={(event) => update({ location: event.target.value })}
        >
          {/* The 25 districts in the reader's language and order, not the towns donors typed
          (docs/decisions/0011-location-by-district.md). */}
          <DistrictOptions placeholder={t('find-food.filters.allLocations')} />
        </SelectField>
        <SelectField
          label={t('find-food.filters.type')}
          value={type}
          onChange={(event) => update({ type: event.target.value })}
        >
          <option value="">{t('find-food.filters.allTypes')}</option>
          {LISTING_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`listings.type.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('find-food.sort.label')}
          value={sort}
          onChange={(event) => update({ sort: event.target.value })}
        >
          {LISTING_SORTS.map((value) => (
            <option key={value} value={value} disabled={value === 'distance' && !origin}>
              {/* Nearness from the browser's district, else the profile's (origin), named. */}
              {value === 'distance' && origin
                ? t('find-food.sort.nearest', { district: districtName(t, origin) })
                : t(`find-food.sort.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="sr-only">{t('listings.fields.dietary')}</legend>
        <div className="flex flex-wrap gap-2">
          {DIETS.map((diet) => (
            <CategoryButton
              key={diet}
              active={diets.includes(diet)}
              onClick={() =>
                update({
                  diet: diets.includes(diet) ? diets.filter((d) => d !== diet) : [...diets, diet],
                })
              }
            >
              {dietLabel(t, diet)}
            </CategoryButton>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="sr-only">{t('find-food.filters.category')}</legend>
        <div className="flex flex-wrap gap-2">
          <CategoryButton active={!category} onClick={() => update({ category: '' })}>
            <LayoutGrid className="size-4" aria-hidden />
            {t('find-food.filters.allCategories')}
          </CategoryButton>
          {(categories.data ?? []).map((c) => (
            <CategoryButton
              key={c.id}
              active={category === c.slug}
              onClick={() => update({ category: c.slug })}
            >
              <CategoryIcon icon={c.icon} />
              {categoryName(t, c)}
            </CategoryButton>
          ))}
        </div>
      </fieldset>
    </>
  )
}

function CategoryButton({
  active,
  onClick,
  children,
}: {
  active: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100'}`}
    >
      {children}
    </button>
  )
}
