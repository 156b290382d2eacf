import type { TFunction } from 'i18next'
import type { Listing } from '../../../shared/schemas/listings'
import { formatSriLankaDay } from '../../lib/format'

/** "Pickup Tue, Nov 24, 10:00–11:00" in the reader's language, or null when the listing has no window. */
export function pickupWindowText(
  t: TFunction,
  listing: Pick<Listing, 'pickupDate' | 'pickupTimeStart' | 'pickupTimeEnd'>,
): string | null {
  const { pickupDate, pickupTimeStart, pickupTimeEnd } = listing
  if (!pickupDate || !pickupTimeStart || !pickupTimeEnd) return null
  return t('listings.card.pickup', {
    date: formatSriLankaDay(pickupDate),
    start: pickupTimeStart,
    end: pickupTimeEnd,
  })
}
