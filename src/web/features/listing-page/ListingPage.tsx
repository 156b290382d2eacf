import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Clock, MapPin, Store, Users } from 'lucide-react'
import { type ReactNode, useDeferredValue, useState } from 'react'
import { useParams } from 'wouter'
import { expiryText } from '../../../shared/expiry'
import { PLACEHOLDER_IMAGE } from '../../../shared/image-sizing'
import { can } from '../../../shared/policy'
import type { Listing } from '../../../shared/schemas/listings'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import { PlaceMap } from '../../components/map/PlaceMap'
import { ReportButton } from '../../components/report/ReportButton'
import { Alert } from '../../components/ui/form'
import { withUserContent } from '../../components/ui/UserContent'
import { AllergenList } from '../../entities/listing/AllergenList'
import { fetchListing, LISTINGS_KEY } from '../../entities/listing/api'
import { CategoryIcon } from '../../entities/listing/CategoryIcon'
import { DietaryList } from '../../entities/listing/DietaryList'
import { EatBy } from '../../entities/listing/EatBy'
import { InstitutionsFirst } from '../../entities/listing/InstitutionsFirst'
import { pickupWindowText } from '../../entities/listing/pickup-window'
import { OrderActions, type OrderChoice, OrderDialogFor } from '../../entities/order/OrderActions'
import { ApiError } from '../../lib/api'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDate, formatLkr, formatNumber } from '../../lib/format'
import { categoryName, districtName } from '../../lib/labels'
import { takePageData } from '../../lib/page-data'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { ListingArticle, ListingTop } from './ListingTop'
import { PhotoViewer } from './PhotoViewer'
import { ShareButton } from './ShareButton'

/** Why a listing cannot be ordered, shown instead of the order buttons. */
function unavailableKey(listing: Listing) {
  if (listing.status === 'expired' || new Date(listing.expiresAt).getTime() <= Date.now()) {
    return 'listing-page.status.expired'
  }
  if (listing.status === 'completed') return 'listing-page.status.completed'
  return 'listing-page.status.claimed'
}

/** /listings/:id: one listing with everything about it, its order buttons and Share. */
export function ListingPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const me = useMe().data ?? null
  const query = useQuery({
    // Under LISTINGS_KEY: the realtime stream and every order refresh it.
    queryKey: [...LISTINGS_KEY, 'one', id],
    queryFn: () => fetchListing(id),
    // The listing as the server wrote it into the page for a signed-out reader: shown at once, then
    // asked again for this reader's view (docs/decisions/0043-react-and-wouter.md, item 7).
    initialData: () => takePageData<Listing>(id),
    initialDataUpdatedAt: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
  // Built in a transition, in slices, not in the task in which the query tells of its data
  // (docs/decisions/0043-react-and-wouter.md).
  const listing = useDeferredValue(query.data)
  if (query.error instanceof ApiError && query.error.status === 404) return notFound
  return (
    <ListingTop>
      {!listing ? (
        <p className="mt-6 text-sm text-gray-700" role={query.isError ? 'alert' : undefined}>
          {query.isError ? t('listing-page.loadFailed') : t('common.loading')}
        </p>
      ) : (
        <ListingDetails listing={listing} me={me} />
      )}
    </ListingTop>
  )
}

function ListingDetails({ listing, me }: { listing: Listing; me: ReturnType<typeof useMe>['data'] | null }) {
  const { t } = useTranslation()
  useDocumentTitle(listing.title)
  const owner = can(me ?? null, 'listing.edit', { donorId: listing.donor.id })
  // Outside the order buttons, which go when the food is taken: the open dialog stays on its outcome.
  const [ordering, setOrdering] = useState<OrderChoice | null>(null)
  const expiry = expiryText(listing.expiresAt)
  const pickup = pickupWindowText(t, listing)
  const district = districtName(t, listing.pickupDistrict)
  // The exact point only for those the API gives it to (like the street); else the ~500 m area.
  const placePoint = listing.pickupPoint ?? listing.approxPoint
  const url = `${window.location.origin}/listings/${encodeURIComponent(listing.id)}`
  const slTime = (value: string) =>
    formatDate(value, { dateStyle: 'medium', timeStyle: 'short', timeZone: SRI_LANKA_TIME_ZONE })
  return (
    <ListingArticle
      photo={
        <PhotoViewer
          images={listing.imageUrls}
          thumbnails={listing.thumbnailUrls}
          placeholder={PLACEHOLDER_IMAGE}
          dimmed={!listing.available}
        />
      }
    >
      <div className="min-w-0 space-y-4">
        <div>
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-700">
            <CategoryIcon icon={listing.category?.icon} />
            {categoryName(t, listing.category)}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${listing.type === 'free' ? 'bg-brand-700 text-white' : 'bg-amber-300 text-gray-900'}`}
            >
              {listing.type === 'free'
                ? t('listings.type.free')
                : `${t('listings.type.half-price')} · ${t('listings.card.perServing', { price: formatLkr(listing.price) })}`}
            </span>
          </p>
          <h1
            id="listing-title"
            className="mt-2 break-words text-2xl font-bold text-gray-900"
            data-user-content
          >
            {listing.title}
          </h1>
        </div>
        {listing.hidden ? (
          <Alert tone="info">{t('moderation.hiddenNotice')}</Alert>
        ) : (
          !listing.available && <Alert tone="info">{t(unavailableKey(listing))}</Alert>
        )}
        <InstitutionsFirst listing={listing} />
        <EatBy listing={listing} className="text-lg" />
        <p className="whitespace-pre-line break-words text-gray-800" data-user-content>
          {listing.description}
        </p>
        {listing.dietary.length > 0 && (
          <section>
            <h2 className="text-sm font-semibold text-gray-900">{t('listings.fields.dietary')}</h2>
            <DietaryList tags={listing.dietary} className="mt-1" />
          </section>
        )}
        <section>
          <h2 className="text-sm font-semibold text-gray-900">{t('listings.fields.allergens')}</h2>
          {listing.allergens.length > 0 ? (
            <AllergenList allergens={listing.allergens} className="mt-1" />
          ) : (
            <p className="mt-1 text-sm text-gray-700">{t('listing-page.noAllergens')}</p>
          )}
        </section>
        {listing.preparationNotes && (
          <section>
            <h2 className="text-sm font-semibold text-gray-900">{t('listings.fields.preparationNotes')}</h2>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800" data-user-content>
              {listing.preparationNotes}
            </p>
          </section>
        )}
        <ul className="space-y-2 text-sm text-gray-800">
          <li className="flex items-start gap-2">
            <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('listing-page.remaining', {
              count: listing.quantity,
              n: formatNumber(listing.quantity),
              total: formatNumber(listing.initialQuantity),
            })}
          </li>
          {pickup && (
            <li className="flex items-start gap-2">
              <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
              {pickup}
            </li>
          )}
          <li className="flex items-start gap-2">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {t('listing-page.expires', { date: slTime(listing.expiresAt) })}
              {listing.available && (
                <span className="text-gray-600">
                  {' · '}
                  {expiry.key === 'expiry.remaining'
                    ? t('expiry.remaining', { n: formatNumber(expiry.hours) })
                    : t(expiry.key)}
                </span>
              )}
            </span>
          </li>
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              {/* The street address only when the API gives it to this reader. */}
              {listing.pickupAddress && <span data-user-content>{listing.pickupAddress}, </span>}
              <span data-user-content>{listing.pickupCity}</span>, {district}
            </span>
          </li>
          <li className="flex items-start gap-2">
            <Store className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium" data-user-content>
                {listing.donor.name}
              </span>
              {listing.donor.type && <> · {t(`auth.donorTypes.${listing.donor.type}`)}</>}
            </span>
          </li>
        </ul>
        <div className="flex flex-wrap gap-2">
          <ReportButton target={{ type: 'listing', id: listing.id }} ownerId={listing.donor.id} />
          <ReportButton
            target={{ type: 'user', id: listing.donor.id }}
            ownerId={listing.donor.id}
            label={withUserContent((v) => t('moderation.report.buttonUser', { name: v.name }), {
              name: listing.donor.name,
            })}
          />
        </div>
        {listing.available && !owner && (
          <OrderActions listing={listing} me={me ?? null} onOpen={setOrdering} />
        )}
        {me && ordering && (
          <OrderDialogFor kind={ordering} listing={listing} me={me} onClose={() => setOrdering(null)} />
        )}
        <ShareButton title={listing.title} url={url} />
        {placePoint && (
          <PlaceMap
            kind={listing.pickupPoint ? 'exact' : 'approx'}
            place={{
              address: listing.pickupAddress,
              city: listing.pickupCity,
              district: listing.pickupDistrict,
              point: placePoint,
            }}
          />
        )}
      </div>
    </ListingArticle>
  )
}
