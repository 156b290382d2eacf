import { CalendarClock, Clock, MapPin, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { expiryText, isUrgent } from '../../../shared/expiry'
import type { Listing } from '../../../shared/schemas/listings'
import { formatDate, formatLkr, formatNumber } from '../../lib/format'
import { categoryName, districtName } from '../../lib/labels'
import { AllergenList } from './AllergenList'
import { CategoryIcon } from './CategoryIcon'
import { ListingCardMenu } from './ListingCardMenu'
import { pickupWindowText } from './pickup-window'

export const PLACEHOLDER_IMAGE = '/images/food-placeholder.svg'

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

/** A listing as a card: greyed with 'Not Available' when it cannot be ordered, Urgent at 6 h or less. */
export function ListingCard({
  listing,
  showDonor = false,
  children,
}: {
  listing: Listing
  showDonor?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const expiry = expiryText(listing.expiresAt)
  const pickup = pickupWindowText(t, listing)
  const urgent = listing.available && isUrgent(listing.expiresAt)
  const district = districtName(t, listing.pickupDistrict)
  const sameCity = listing.pickupCity.trim().toLowerCase() === listing.pickupDistrict.toLowerCase()
  return (
    <article
      // Greyed when it cannot be ordered: the photo fades and the card turns grey; the text keeps its contrast.
      // w-full and min-w-0: as a flex item the card would shrink to its content and rows would be ragged.
      className={`flex w-full min-w-0 flex-col overflow-hidden rounded-lg border border-gray-200 shadow-sm ${listing.available ? 'bg-white' : 'bg-gray-100'}`}
      aria-label={listing.title}
    >
      <div className="relative">
        {/* The title's link below is the one screen readers follow; the picture repeats it for fingers. */}
        <Link to={listingPath(listing.id)} tabIndex={-1} aria-hidden>
          <img
            src={listing.thumbnailUrls[0] ?? PLACEHOLDER_IMAGE}
            alt=""
            loading="lazy"
            width={480}
            height={360}
            className={`aspect-[4/3] w-full bg-brand-50 object-cover ${listing.available ? '' : 'opacity-50 grayscale'}`}
          />
        </Link>
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
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
        <span
          className={`absolute right-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${listing.type === 'free' ? 'bg-brand-700 text-white' : 'bg-amber-300 text-gray-900'}`}
        >
          {listing.type === 'free'
            ? t('listings.type.free')
            : `${t('listings.type.half-price')} · ${formatLkr(listing.price)}`}
        </span>
        <div className="absolute right-2 bottom-2">
          <ListingCardMenu listing={listing} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex items-center gap-1 text-xs font-medium text-gray-700">
          <CategoryIcon icon={listing.category?.icon} />
          {categoryName(t, listing.category)}
        </p>
        <h3 className="break-words text-lg font-semibold leading-snug text-gray-900">
          <Link to={listingPath(listing.id)} className="hover:underline" data-user-content>
            {listing.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-gray-700" data-user-content>
          {listing.description}
        </p>
        <AllergenList allergens={listing.allergens} />
        <ul className="mt-1 space-y-1 text-sm text-gray-700">
          <li className="flex items-center gap-2">
            <Users className="size-4 shrink-0" aria-hidden />
            {t('listings.card.servings', { count: listing.quantity, n: formatNumber(listing.quantity) })}
            {listing.type === 'half-price' && (
              <span className="text-gray-600">
                ({t('listings.card.perServing', { price: formatLkr(listing.price) })})
              </span>
            )}
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
            </span>
          </li>
          <li className={`flex items-center gap-2 ${urgent ? 'font-semibold text-red-800' : ''}`}>
            <Clock className="size-4 shrink-0" aria-hidden />
            {expiry.key === 'expiry.remaining'
              ? t('expiry.remaining', { n: formatNumber(expiry.hours) })
              : t(expiry.key)}
          </li>
          {pickup && (
            <li className="flex items-center gap-2">
              <CalendarClock className="size-4 shrink-0" aria-hidden />
              {pickup}
            </li>
          )}
        </ul>
        {showDonor && (
          <div className="mt-2 flex items-center gap-2 border-t border-gray-100 pt-3">
            <Avatar name={listing.donor.name} url={listing.donor.avatarUrl} />
            <div className="min-w-0 text-xs text-gray-700">
              <p className="truncate text-sm font-medium text-gray-900" data-user-content>
                {listing.donor.name}
              </p>
              <p>
                {t('listings.card.donations', {
                  count: listing.donor.donationCount,
                  n: formatNumber(listing.donor.donationCount),
                })}{' '}
                ·{' '}
                {t('listings.card.joined', {
                  date: formatDate(listing.donor.joinedAt, { month: 'short', year: 'numeric' }),
                })}
              </p>
            </div>
          </div>
        )}
        {children && <div className="mt-auto flex flex-wrap gap-2 pt-3">{children}</div>}
      </div>
    </article>
  )
}
