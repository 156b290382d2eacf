import { CalendarClock, Clock, MapPin, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { expiryText, isUrgent } from '../../../shared/expiry'
import { IMAGE_MAX_SIDE, PLACEHOLDER_IMAGE, THUMBNAIL_SIDE } from '../../../shared/image-sizing'
import type { Listing } from '../../../shared/schemas/listings'
import { formatDate, formatLkr, formatNumber } from '../../lib/format'
import { formatKm } from '../../lib/format-km'
import { categoryName, districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { usePhoneWidth } from '../../lib/use-phone-width'
import { AllergenList } from './AllergenList'
import { CategoryIcon } from './CategoryIcon'
import { DietaryList } from './DietaryList'
import { EatBy } from './EatBy'
import { InstitutionsFirst } from './InstitutionsFirst'
import { ListingCardMenu } from './ListingCardMenu'
import { pickupWindowText } from './pickup-window'

/** The listing's own page. */
export const listingPath = (id: string) => `/listings/${encodeURIComponent(id)}`

/** A listing's picture for lists: its first thumbnail, else its first image, else the placeholder. */
export function coverOf(listing: { thumbnailUrls: string[]; imageUrls: string[] }): string {
  return listing.thumbnailUrls[0] ?? listing.imageUrls[0] ?? PLACEHOLDER_IMAGE
}

/** A listing's cover picture (see coverOf), loaded when it comes into view. */
export function ListingCover({ listing, className }: { listing: Listing; className: string }) {
  return <img src={coverOf(listing)} alt="" className={className} loading="lazy" />
}

export function Avatar({ name, url, size = 'size-8' }: { name: string; url: string | null; size?: string }) {
  if (url) return <img src={url} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  return (
    <span
      aria-hidden
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}

/**
 * The card picture's sources: the server's square thumbnail for a phone's small picture, the full
 * image (at most IMAGE_MAX_SIDE wide) where the picture is wide on a dense screen.
 */
export function cardImageSources(listing: Pick<Listing, 'thumbnailUrls' | 'imageUrls'>): {
  src: string
  srcSet?: string
} {
  const thumbnail = listing.thumbnailUrls[0]
  const full = listing.imageUrls[0]
  if (!thumbnail || !full) return { src: thumbnail ?? full ?? PLACEHOLDER_IMAGE }
  return { src: thumbnail, srcSet: `${thumbnail} ${THUMBNAIL_SIDE}w, ${full} ${IMAGE_MAX_SIDE}w` }
}

/** The picture's width in the lists' grids: 3 columns from lg, 2 from sm, the compact card's 88 px below. */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 405px, (min-width: 640px) 50vw, 88px'

/**
 * A listing as a card: greyed with 'Not Available' when it cannot be ordered, Urgent at 6 h or less.
 * Below 640 px it is compact, a small picture beside the key facts, so that a phone shows two cards
 * at once (docs/decisions/0035-photos-shrunk-in-the-browser.md); from 640 px the picture spans the top.
 * `priority` marks the first card of a page whose list starts near the top: its picture loads at once.
 */
export function ListingCard({
  listing,
  showDonor = false,
  priority = false,
  children,
}: {
  listing: Listing
  showDonor?: boolean
  priority?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  // What a phone's card hides is not built at all there: fewer elements to lay out on a cheap phone
  // (docs/decisions/0065-light-on-the-cheapest-phone.md).
  const phone = usePhoneWidth()
  const expiry = expiryText(listing.expiresAt)
  const pickup = pickupWindowText(t, listing)
  const urgent = listing.available && isUrgent(listing.expiresAt)
  const district = districtName(t, listing.pickupDistrict)
  const sameCity = listing.pickupCity.trim().toLowerCase() === listing.pickupDistrict.toLowerCase()
  return (
    <article
      // Greyed when it cannot be ordered: the photo fades and the card turns grey; the text keeps its contrast.
      // w-full and min-w-0: as a flex item the card would shrink to its content and rows would be ragged.
      // One grid for both layouts: on a phone the picture spans the badges' and the facts' rows beside
      // them; from sm it is the top row and the badges lie over it.
      className={`relative grid w-full min-w-0 grid-cols-[5.5rem_minmax(0,1fr)] grid-rows-[auto_1fr_auto] gap-x-3 overflow-hidden rounded-lg border border-gray-200 p-3 shadow-sm sm:grid-cols-1 sm:gap-x-0 sm:p-0 ${listing.available ? 'bg-white' : 'bg-gray-100'}`}
      aria-label={listing.title}
    >
      {/* The title's link below is the one screen readers follow; the picture repeats it for fingers. */}
      <Link
        to={listingPath(listing.id)}
        tabIndex={-1}
        aria-hidden
        className="col-start-1 row-[1/3] self-start sm:row-[1/2]"
      >
        <img
          {...cardImageSources(listing)}
          sizes={CARD_IMAGE_SIZES}
          alt=""
          width={THUMBNAIL_SIDE}
          height={THUMBNAIL_SIDE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className={`aspect-square w-full rounded-md bg-brand-50 object-cover sm:aspect-[4/3] sm:rounded-none ${listing.available ? '' : 'opacity-50 grayscale'}`}
        />
      </Link>
      {/* Positioned, so that it stays above the faded picture (opacity makes a layer of its own). */}
      <div className="pointer-events-none relative col-start-2 row-start-1 flex flex-wrap gap-1 self-start pr-11 sm:col-start-1 sm:p-2">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold sm:order-last sm:ml-auto ${listing.type === 'free' ? 'bg-brand-700 text-white' : 'bg-amber-300 text-gray-900'}`}
        >
          {listing.type === 'free'
            ? t('listings.type.free')
            : `${t('listings.type.half-price')} · ${formatLkr(listing.price)}`}
        </span>
        {!listing.available && (
          <span className="rounded-full bg-gray-800 px-2 py-0.5 text-xs font-semibold text-white">
            {t('listings.card.notAvailable')}
          </span>
        )}
        {urgent && (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t('listings.card.urgent')}
          </span>
        )}
      </div>
      <div className="col-start-2 row-start-2 mt-1 flex min-w-0 flex-col gap-1 sm:col-start-1 sm:mt-0 sm:gap-2 sm:p-4">
        {/* A phone's card keeps to the facts that decide a trip: the title says what the food is. */}
        {!phone && (
          <p className="hidden items-center gap-1 text-xs font-medium text-gray-700 sm:flex">
            <CategoryIcon icon={listing.category?.icon} />
            {categoryName(t, listing.category)}
          </p>
        )}
        <h3 className="break-words pr-9 text-base font-semibold leading-snug text-gray-900 sm:pr-0 sm:text-lg">
          <Link to={listingPath(listing.id)} className="hover:underline" data-user-content>
            {listing.title}
          </Link>
        </h3>
        {/* The listing's own page has the description; a phone's card keeps to the facts. */}
        {!phone && (
          <p className="hidden text-sm text-gray-700 sm:line-clamp-2" data-user-content>
            {listing.description}
          </p>
        )}
        <DietaryList tags={listing.dietary} />
        <AllergenList allergens={listing.allergens} />
        <ul className="space-y-0.5 text-sm text-gray-700 sm:mt-1 sm:space-y-1">
          <li className="flex items-center gap-2">
            <Users className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0">
              {t('listings.card.servings', { count: listing.quantity, n: formatNumber(listing.quantity) })}
              {/* A phone's card shows the price once, on its badge. */}
              {listing.type === 'half-price' && !phone && (
                <span className="hidden text-gray-600 sm:inline">
                  {' '}
                  ({t('listings.card.perServing', { price: formatLkr(listing.price) })})
                </span>
              )}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden />
            {/* One text box: as separate flex items the comma would stand a gap away from the city. */}
            <span className="min-w-0">
              {sameCity ? (
                district
              ) : (
                <>
                  <span data-user-content>{listing.pickupCity}</span>, {district}
                </>
              )}
              {/* 0 is a district search's own district: no distance to tell. */}
              {listing.distanceKm !== null &&
                listing.distanceKm > 0 &&
                ` · ${t('listings.card.distance', { distance: formatKm(listing.distanceKm) })}`}
            </span>
          </li>
          {listing.institutionsFirstUntil && (
            <li>
              <InstitutionsFirst listing={listing} />
            </li>
          )}
          {/* Cooked food says until when to eat it instead: that is its expiry (listings/writes.ts). */}
          {listing.safeUntil && listing.available ? (
            <li>
              <EatBy listing={listing} />
            </li>
          ) : phone && pickup && !urgent ? null : (
            // With a pickup window a phone's card shows the expiry only when it is near (Urgent).
            <li
              className={`items-center gap-2 ${urgent ? 'flex font-semibold text-red-800' : pickup ? 'hidden sm:flex' : 'flex'}`}
            >
              <Clock className="size-4 shrink-0" aria-hidden />
              {expiry.key === 'expiry.remaining'
                ? t('expiry.remaining', { n: formatNumber(expiry.hours) })
                : t(expiry.key)}
            </li>
          )}
          {pickup && (
            <li className="flex items-center gap-2">
              <CalendarClock className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0">{pickup}</span>
            </li>
          )}
        </ul>
        {showDonor && (
          <div className="mt-1 flex items-center gap-2 border-t border-gray-100 pt-2 sm:mt-2 sm:pt-3">
            <Avatar name={listing.donor.name} url={listing.donor.avatarUrl} size="size-6 sm:size-8" />
            <div className="min-w-0 text-xs text-gray-700">
              <p className="truncate text-sm font-medium text-gray-900" data-user-content>
                {listing.donor.name}
              </p>
              {/* The donor's record is on the listing's page; a phone's card names the donor only. */}
              {!phone && (
                <p className="hidden sm:block">
                  {t('listings.card.donations', {
                    count: listing.donor.donationCount,
                    n: formatNumber(listing.donor.donationCount),
                  })}{' '}
                  ·{' '}
                  {t('listings.card.joined', {
                    date: formatDate(listing.donor.joinedAt, { month: 'short', year: 'numeric' }),
                  })}
                </p>
              )}
            </div>
          </div>
        )}
      </div>
      {children && (
        // Empty when the card has no action for this reader: then it takes no room.
        <div className="col-span-2 row-start-3 mt-3 flex flex-wrap gap-2 empty:hidden sm:col-span-1 sm:mt-0 sm:px-4 sm:pb-4">
          {children}
        </div>
      )}
      {/* On a phone in the card's top right corner (the badges leave it free); from sm over the photo's
          bottom right (4:3, so 75% of the card's width down). Last in reading order either way. */}
      <div className="absolute top-1 right-1 sm:top-[calc(75cqw-3.25rem)] sm:right-2">
        <ListingCardMenu listing={listing} />
      </div>
    </article>
  )
}
