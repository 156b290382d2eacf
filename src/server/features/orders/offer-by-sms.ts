/**
 * First refusal by SMS (docs/decisions/0061-sms-in-time.md): a verified organisation without data
 * takes the food offered to it by replying 1. It takes its remaining free portions of the day, or
 * what is left of the offer when that is less, at the listing's first pickup time; the order is
 * placed as on the web (createClaim: first refusal, fair use and the listing's lock all hold).
 */
import { eq } from 'drizzle-orm'
import type { FairUseLimits } from '../../../shared/fair-use'
import { freePortionsLeft } from '../../../shared/fair-use'
import { pickupSlots } from '../../../shared/pickup-time'
import type { Database } from '../../db/client'
import { listings } from '../../db/schema'
import { AppError } from '../../platform/errors'
import { verifiedOrganisation } from '../organisations/service'
import { fairUseUsage, limitsOf } from './fair-use'
import { createClaim } from './placing'
import type { SessionUserLike } from './queries'

/** How many portions a reply of 1 would take now: the organisation's free portions left today, at most the offer's. */
export async function offerTake(
  db: Database,
  userId: string,
  listingId: string,
  personal: FairUseLimits,
  now: Date = new Date(),
): Promise<number> {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId))
  if (listing?.status !== 'available') return 0
  const limits = limitsOf(await verifiedOrganisation(db, userId), personal)
  const left = freePortionsLeft(await fairUseUsage(db, userId, now, limits), limits)
  return Math.min(left, listing.quantity)
}

export type OfferTaken =
  | { ok: true; orderId: string; quantity: number; title: string }
  | { ok: false; reason: string; params?: Record<string, string | number> }

/** Places the organisation's order for what it may take of the offer, or says why it cannot. */
export async function takeOffer(
  db: Database,
  user: SessionUserLike & { phone: string },
  listingId: string,
  personal: FairUseLimits,
  now: Date = new Date(),
): Promise<OfferTaken> {
  const quantity = await offerTake(db, user.id, listingId, personal, now)
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId))
  const first = listing && pickupSlots(listing, now)[0]
  const time = first?.times[0]
  if (!listing || quantity === 0 || !first || !time) return { ok: false, reason: 'sms.reply.offerGone' }
  try {
    const { id } = await createClaim(
      db,
      listingId,
      user,
      {
        quantity,
        pickupDate: first.date,
        pickupTime: time,
        contactMethod: 'phone',
        phone: user.phone,
        email: user.email,
        notes: undefined,
      },
      personal,
    )
    return { ok: true, orderId: id, quantity, title: listing.title }
  } catch (error) {
    // The reason the web would show (first refusal over, fair use, taken meanwhile), by SMS.
    if (error instanceof AppError && error.statusCode < 500) {
      return { ok: false, reason: error.message, ...(error.params ? { params: error.params } : {}) }
    }
    throw error
  }
}
