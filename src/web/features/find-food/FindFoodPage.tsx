import { ChevronDown, LayoutGrid, Pencil, Search, SlidersHorizontal } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { type DistrictName, isDistrictName } from '../../../shared/districts'
import { can } from '../../../shared/policy'
import { LISTING_TYPES } from '../../../shared/reference-data'
import { LISTING_SORTS, type Listing, type ListingSort } from '../../../shared/schemas/listings'
import type { Me } from '../../../shared/schemas/users'
import { inputClass } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatNumber } from '../../lib/format'
import { useMe } from '../../lib/session'
import { type ListingFilters, useCategories, useCities, useListings } from '../listings/api'
import { CategoryIcon } from '../listings/CategoryIcon'
import { EditListingDialog } from '../listings/EditListingDialog'
import { ListingCard } from '../listings/ListingCard'
import { categoryName, districtName } from '../listings/labels'
import { OrderActions } from './order-actions'
import { useDetectedDistrict } from './use-detected-district'

/** The location select's value for 'Your Location ({city})'. */
const NEAR_ME = 'near-me'
const SEARCH_DELAY_MS = 300

const isSort = (value: string | null): value is ListingSort =>
  value !== null && (LISTING_SORTS as readonly string[]).includes(value)

/** Find Food: filters live in the URL (?q, category, type, location, sort), so a link keeps them. */
export function FindFoodPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const me = useMe().data ?? null
  const detected = useDetectedDistrict()
  const categories = useCategories()
  const cities = useCities()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const searchId = useId()
  const locationId = useId()
  const typeId = useId()
  const sortId = useId()

  const q = params.get('q') ?? ''
  const category = params.get('category') ?? ''
  const type = params.get('type') ?? ''
  const location = params.get('location') ?? ''
  const sortParam = params.get('sort')
  // Distance is measured from the detected district, else the signed-in user's own district.
  const origin: DistrictName | null =
    detected ?? (me?.district && isDistrictName(me.district) ? me.district : null)
  const nearMe = location === NEAR_ME && origin !== null
  const sort: ListingSort = isSort(sortParam) ? sortParam : nearMe ? 'distance' : 'newest'

  const [searchText, setSearchText] = useState(q)
  useEffect(() => setSearchText(q), [q])
  useEffect(() => {
    if (searchText === q) return
    const timer = setTimeout(() => update({ q: searchText.trim() }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  })

  function update(changes: Record<string, string>) {
    // Start from the address bar, not this render's params: a debounced search must not undo a
    // filter chosen since it was typed.
    const next = new URLSearchParams(window.location.search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setParams(next, { replace: true })
  }

  function clearFilters() {
    setSearchText('')
    update({ q: '', category: '', type: '', location: '' })
  }

  const filters: ListingFilters = useMemo(
    () => ({
      q: q || undefined,
      category: category || undefined,
      type: type === 'free' || type === 'half-price' ? type : undefined,
      city: location && location !== NEAR_ME ? location : undefined,
      near: sort === 'distance' || nearMe ? (origin ?? undefined) : undefined,
      sort: sort === 'distance' && !origin ? 'newest' : sort,
    }),
    [q, category, type, location, sort, nearMe, origin],
  )
  const listings = useListings(filters)
  const items = listings.data?.pages.flatMap((page) => page.items) ?? []
  const count = listings.data?.pages[0]?.availableCount ?? 0
  const [editing, setEditing] = useState<Listing | null>(null)

  return (
    <PageContainer>
      <PageHeader title={t('common.pages.findFood.title')} subtitle={t('common.pages.findFood.subtitle')} />

      <section
        aria-label={t('find-food.filters.label')}
        className="rounded-lg border border-gray-200 bg-gray-50 p-4"
      >
        <div className="flex gap-2">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              {t('find-food.filters.search')}
            </label>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-500"
              aria-hidden
            />
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') update({ q: searchText.trim() })
              }}
              placeholder={t('find-food.filters.search')}
              className={`${inputClass} mt-0 pl-9`}
            />
          </div>
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
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor={locationId} className="block text-sm font-medium text-gray-800">
                {t('find-food.filters.location')}
              </label>
              <select
                id={locationId}
                value={location === NEAR_ME && !origin ? '' : location}
                onChange={(event) =>
                  // 'Your Location' sorts by proximity unless another sort is chosen afterwards.
                  update({
                    location: event.target.value,
                    ...(event.target.value === NEAR_ME ? { sort: '' } : {}),
                  })
                }
                className={inputClass}
              >
                <option value="">{t('find-food.filters.allLocations')}</option>
                {detected && (
                  <option value={NEAR_ME}>
                    {t('find-food.filters.yourLocation', { city: districtName(t, detected) })}
                  </option>
                )}
                {(cities.data ?? []).map((city) => (
                  <option key={city} value={city} data-user-content>
                    {city}
                  </option>
                ))}
                {location && location !== NEAR_ME && !(cities.data ?? []).includes(location) && (
                  <option value={location} data-user-content>
                    {location}
                  </option>
                )}
              </select>
            </div>
            <div>
              <label htmlFor={typeId} className="block text-sm font-medium text-gray-800">
                {t('find-food.filters.type')}
              </label>
              <select
                id={typeId}
                value={type}
                onChange={(event) => update({ type: event.target.value })}
                className={inputClass}
              >
                <option value="">{t('find-food.filters.allTypes')}</option>
                {LISTING_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`listings.type.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={sortId} className="block text-sm font-medium text-gray-800">
                {t('find-food.sort.label')}
              </label>
              <select
                id={sortId}
                value={sort}
                onChange={(event) => update({ sort: event.target.value })}
                className={inputClass}
              >
                {LISTING_SORTS.map((value) => (
                  <option key={value} value={value} disabled={value === 'distance' && !origin}>
                    {t(`find-food.sort.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
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
        </div>
      </section>

      <h2 className="sr-only">{t('find-food.results')}</h2>
      <p className="mt-6 text-sm text-gray-700" aria-live="polite">
        {listings.isPending
          ? t('common.loading')
          : `${t('find-food.count', { count, n: formatNumber(count) })}${nearMe && sort === 'distance' ? ` ${t('find-food.sortedByProximity')}` : ''}`}
      </p>

      {!listings.isPending && items.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-gray-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-gray-900">{t('find-food.empty.title')}</h2>
          <p className="mt-1 text-sm text-gray-600">{t('find-food.empty.hint')}</p>
          <button
            type="button"
            onClick={clearFilters}
            className="mt-4 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('find-food.filters.clear')}
          </button>
        </div>
      ) : (
        <>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((listing) => (
              <li key={listing.id} className="flex">
                <ListingCard listing={listing}>
                  <CardActions listing={listing} me={me} onEdit={() => setEditing(listing)} />
                </ListingCard>
              </li>
            ))}
          </ul>
          {(q || category || type || location) && items.length > 0 && (
            <p className="mt-4 text-center">
              <button
                type="button"
                onClick={clearFilters}
                className="text-sm font-medium text-brand-800 underline"
              >
                {t('find-food.filters.clear')}
              </button>
            </p>
          )}
          {listings.hasNextPage && (
            <div className="mt-6 text-center">
              <button
                type="button"
                onClick={() => void listings.fetchNextPage()}
                disabled={listings.isFetchingNextPage}
                className="rounded-md border border-brand-700 px-5 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
              >
                {listings.isFetchingNextPage ? t('common.loading') : t('find-food.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
      {listings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t('find-food.loadFailed')}
        </p>
      )}
      {editing && (
        <EditListingDialog
          listing={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null)
          }}
        />
      )}
    </PageContainer>
  )
}

function CategoryButton({
  active,
  onClick,
  children,
}: {
  active: boolean
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100'}`}
    >
      {children}
    </button>
  )
}

function CardActions({ listing, me, onEdit }: { listing: Listing; me: Me | null; onEdit: () => void }) {
  const { t } = useTranslation()
  if (can(me, 'listing.edit', { donorId: listing.donor.id })) {
    return (
      <button
        type="button"
        onClick={onEdit}
        className="inline-flex flex-1 items-center justify-center gap-1 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold hover:bg-gray-50"
      >
        <Pencil className="size-4" aria-hidden />
        {t('find-food.actions.edit')}
      </button>
    )
  }
  if (!listing.available) return null
  return <OrderActions listing={listing} me={me} />
}
