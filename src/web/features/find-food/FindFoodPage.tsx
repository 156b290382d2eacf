import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react'
import { useSearchParams } from 'wouter'
import { DIETS } from '../../../shared/dietary'
import { type DistrictName, isDistrictName } from '../../../shared/districts'
import { can } from '../../../shared/policy'
import { LISTING_SORTS, type ListingSort } from '../../../shared/reference-data'
import type { Listing } from '../../../shared/schemas/listings'
import type { Me } from '../../../shared/schemas/users'
import { ChoiceButtons } from '../../components/ui/ChoiceButtons'
import { EditButton } from '../../components/ui/EditButton'
import { RenderLater, useItemsArrivedLater, useScrolledNear } from '../../components/ui/RenderLater'
import { type ListingFilters, useListings } from '../../entities/listing/api'
import { ListingCard } from '../../entities/listing/ListingCard'
import { OrderActions, type OrderChoice, OrderDialogFor } from '../../entities/order/OrderActions'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { loadPageNamespaces } from '../../lib/i18n'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { FindFoodFilters, NEAR_HOME, NEAR_ME } from './FindFoodFilters'
import { FindFoodTop } from './FindFoodTop'
import { DEFAULT_RADIUS, NearMe, RADII, type Radius } from './NearMe'
import { useDetectedDistrict } from './use-detected-district'
import { usePosition } from './use-position'
import { useSearchText, useUpdateFilters, useUsualDiet } from './use-url-filters'

/** The map, its code and its words come when the reader opens it, never on a first visit (decision 0072). */
const FoodMap = lazy(() =>
  Promise.all([import('./FoodMap'), loadPageNamespaces('places')]).then(([m]) => ({ default: m.FoodMap })),
)

const isRadius = (value: string | null): value is Radius =>
  value !== null && (RADII as readonly string[]).includes(value)

/** The edit form and its schema are fetched when a donor edits, not with the page. */
const EditListingDialog = lazy(() =>
  import('../../entities/listing/EditListingDialog').then((m) => ({ default: m.EditListingDialog })),
)

const VIEWS = ['list', 'map'] as const

/** The cards a first visit builds: two phone screens of them; the others when the reader scrolls near. */
const FIRST_CARDS = 4

const isSort = (value: string | null): value is ListingSort =>
  value !== null && (LISTING_SORTS as readonly string[]).includes(value)

/**
 * Find Food: filters live in the URL (?q, category, type, diet, location: a district, near-me or
 * home, radius, sort, view), so a link keeps them.
 */
export function FindFoodPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const me = useMe().data ?? null
  const detected = useDetectedDistrict()
  const errorText = useErrorText()

  const q = params.get('q') ?? ''
  const category = params.get('category') ?? ''
  const type = params.get('type') ?? ''
  const dietParams = params.getAll('diet').join(',')
  const diets = useMemo(() => DIETS.filter((diet) => dietParams.split(',').includes(diet)), [dietParams])
  const location = params.get('location') ?? ''
  const sortParam = params.get('sort')
  // Distance is measured from the detected district, else the signed-in user's own district.
  const origin: DistrictName | null =
    detected ?? (me?.district && isDistrictName(me.district) ? me.district : null)
  // "Near me": the phone's position, or the home area, within a radius, nearest first (decision 0072).
  const fromHome = location === NEAR_HOME && me !== null
  const nearMe = location === NEAR_ME || fromHome
  const [position, askAgain] = usePosition(location === NEAR_ME)
  const here = location === NEAR_ME && position.status === 'found' ? position.point : null
  const radiusParam = params.get('radius')
  const radius: Radius = isRadius(radiusParam) ? radiusParam : DEFAULT_RADIUS
  const byPoint = here !== null || fromHome
  const sort: ListingSort = byPoint ? 'distance' : isSort(sortParam) ? sortParam : 'newest'
  const view = params.get('view') === 'map' ? 'map' : 'list'

  const update = useUpdateFilters()
  useUsualDiet(me, update)
  const [searchText, setSearchText] = useSearchText(q, update)

  function clearFilters() {
    setSearchText('')
    update({ q: '', category: '', type: '', diet: [], location: '', radius: '' })
  }
  const clearButton = (className: string) => (
    <button type="button" onClick={clearFilters} className={className}>
      {t('find-food.filters.clear')}
    </button>
  )

  const filters: ListingFilters = useMemo(
    () => ({
      q: q || undefined,
      category: category || undefined,
      type: type === 'free' || type === 'half-price' ? type : undefined,
      diet: diets.length > 0 ? diets : undefined,
      district: isDistrictName(location) ? location : undefined,
      // Five decimals: about a metre, so the shown distances are the server's own.
      near: here
        ? `${here.lat.toFixed(5)},${here.lng.toFixed(5)}`
        : sort === 'distance' && !fromHome
          ? (origin ?? undefined)
          : undefined,
      radiusKm: byPoint ? radius : undefined,
      sort: sort === 'distance' && !origin && !byPoint ? 'newest' : sort,
    }),
    [q, category, type, diets, location, sort, origin, here, fromHome, byPoint, radius],
  )
  const listings = useListings(filters)
  // The query tells of its data in a task React must finish at once; deferred, the cards are built
  // in a transition, in slices a tap can come between (docs/decisions/0043-react-and-wouter.md).
  const data = useDeferredValue(listings.data)
  const pending = data === undefined && !listings.isError
  const items = data?.pages.flatMap((page) => page.items) ?? []
  // Two cards fill a phone's screen: on a first visit the others follow, a card per task.
  const itemsArrivedLater = useItemsArrivedLater(items.length > 0)
  // A first visit builds the first screens' cards only; the rest come as the reader scrolls towards
  // them (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum).
  const [moreCardsMark, scrolledNear] = useScrolledNear()
  const shownItems = itemsArrivedLater && !scrolledNear ? items.slice(0, FIRST_CARDS) : items
  const firstPage = data?.pages[0]
  const count = firstPage?.availableCount ?? 0
  // The server counts up to AVAILABLE_COUNT_CAP; beyond it, say so rather than show the cap as the total.
  const countText = firstPage?.availableCountCapped
    ? t('find-food.countMore', { n: formatNumber(count) })
    : t('find-food.count', { count, n: formatNumber(count) })
  const [editing, setEditing] = useState<Listing | null>(null)
  // Held here, not in the card: the card leaves the list when its food is taken, the dialog stays.
  const [ordering, setOrdering] = useState<{ kind: OrderChoice; listing: Listing } | null>(null)
  const renderCard = (listing: Listing, index: number) => (
    // The first picture is the page's largest paint: it loads at once, the rest when near.
    <ListingCard listing={listing} priority={index === 0}>
      <CardActions
        listing={listing}
        me={me}
        onEdit={() => setEditing(listing)}
        onOrder={(kind) => setOrdering({ kind, listing })}
      />
    </ListingCard>
  )

  return (
    <FindFoodTop>
      <FindFoodFilters
        searchText={searchText}
        onSearchTextChange={setSearchText}
        update={update}
        location={location}
        type={type}
        diets={diets}
        sort={sort}
        category={category}
        origin={origin}
      />
      <NearMe
        active={nearMe}
        fromHome={fromHome}
        signedIn={me !== null}
        position={position}
        radius={radius}
        location={location}
        onNearMe={() => {
          if (location === NEAR_ME) askAgain()
          else update({ location: NEAR_ME })
        }}
        onHome={() => update({ location: fromHome ? '' : NEAR_HOME })}
        onRadius={(next) => update({ radius: next })}
        onDistrict={(district) => update({ location: district })}
      />

      <h2 className="sr-only">{t('find-food.results')}</h2>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" aria-live="polite">
          {pending
            ? t('common.loading')
            : `${countText}${(filters.near || byPoint) && sort === 'distance' ? ` ${t('find-food.sortedByProximity')}` : ''}`}
        </p>
        <ChoiceButtons
          legend={t('nearby.view.label')}
          choices={VIEWS}
          value={view}
          onChange={(next) => update({ view: next === 'map' ? 'map' : '' })}
          labelOf={(choice) => (choice === 'map' ? t('nearby.view.map') : t('nearby.view.list'))}
          className="inline-flex overflow-hidden rounded-md border border-gray-300"
          buttonClassName="min-h-11 px-4 text-sm font-medium"
          pressedClassName="bg-brand-700 text-white"
          idleClassName="bg-white text-gray-800 hover:bg-gray-100"
        />
      </div>
      {listings.isError && listings.error instanceof ApiError && listings.error.status === 400 && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(listings.error)}
        </p>
      )}

      {!pending && items.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-gray-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-gray-900">{t('find-food.empty.title')}</h2>
          <p className="mt-1 text-sm text-gray-600">{t('find-food.empty.hint')}</p>
          {clearButton(
            'mt-4 min-h-11 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800',
          )}
        </div>
      ) : view === 'map' ? (
        <Suspense fallback={<p className="mt-4 text-sm text-gray-700">{t('common.loading')}</p>}>
          <FoodMap filters={filters} loaded={items} card={(listing) => renderCard(listing, 0)} />
        </Suspense>
      ) : (
        <>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shownItems.map((listing, index) => (
              <li key={listing.id} className="flex min-w-0">
                <RenderLater when={itemsArrivedLater && index >= 2}>{renderCard(listing, index)}</RenderLater>
              </li>
            ))}
          </ul>
          {(q || category || type || location) && items.length > 0 && (
            <p className="mt-4 text-center">
              {clearButton('min-h-11 px-2 text-sm font-medium text-brand-800 underline')}
            </p>
          )}
          {shownItems.length < items.length && (
            // Revealed with the cards before it, so that it is measured below them.
            <RenderLater>
              <div ref={moreCardsMark} className="h-px" />
            </RenderLater>
          )}
          {listings.hasNextPage && shownItems.length === items.length && (
            <div className="mt-6 text-center">
              <button
                type="button"
                onClick={() => void listings.fetchNextPage()}
                disabled={listings.isFetchingNextPage}
                className="min-h-11 rounded-md border border-brand-700 px-5 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
              >
                {listings.isFetchingNextPage ? t('common.loading') : t('find-food.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
      {listings.isError && !(listings.error instanceof ApiError && listings.error.status === 400) && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t('find-food.loadFailed')}
        </p>
      )}
      {me && ordering && (
        <OrderDialogFor
          kind={ordering.kind}
          listing={ordering.listing}
          me={me}
          onClose={() => setOrdering(null)}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditListingDialog
            listing={editing}
            open
            onOpenChange={(open) => {
              if (!open) setEditing(null)
            }}
          />
        </Suspense>
      )}
    </FindFoodTop>
  )
}

function CardActions({
  listing,
  me,
  onEdit,
  onOrder,
}: {
  listing: Listing
  me: Me | null
  onEdit: () => void
  onOrder: (kind: OrderChoice) => void
}) {
  const { t } = useTranslation()
  if (can(me, 'listing.edit', { donorId: listing.donor.id })) {
    return (
      <EditButton
        onClick={onEdit}
        className="inline-flex flex-1 items-center justify-center gap-1 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold hover:bg-gray-50"
      >
        {t('find-food.actions.edit')}
      </EditButton>
    )
  }
  if (!listing.available) return null
  return <OrderActions listing={listing} me={me} onOpen={onOrder} />
}
