/**
 * Reserving an order's portions: under the listing's row lock, of the right type, within what is
 * left and what fair use and first refusal allow (docs/decisions/0006-one-order-model.md).
 */
import { eq } from 'drizzle-orm'
import { DELIVERY_PROBLEMS } from '../../../shared/delivery'
import type { FairUseLimits } from '../../../shared/fair-use'
import { heldFrom } from '../../../shared/first-refusal'
import { pickupProblem } from '../../../shared/pickup-time'
import { type ListingType, MAX_REQUEST_QUANTITY } from '../../../shared/reference-data'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { listings } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { badRequest, conflict } from '../../platform/errors'
import { bumped, lockOrderableListing } from '../listings/service'
import { type VerifiedOrganisation, verifiedOrganisation } from '../organisations/service'
import { assertFairUse, limitsOf } from './fair-use'
import type { SessionUserLike } from './queries'

/** A claim takes free food only, a food request half-price food only (else food leaves unpaid). */
const WRONG_TYPE = {
  free: 'orders.errors.notForSale',
  'half-price': 'orders.errors.notFree',
} as const

/** Claims take free food, requests half-price food, and either comes with a delivery. */
type OrderAuthorization = 'listing.claim' | 'listing.request' | 'listing.askDelivery'

/** `standing`: a standing taker's order of an occurrence, placed when the day is posted. */
export type PlacingOptions = { standing?: boolean }

/** The most one order may take: what is left, and at most 5 servings of half-price food. */
const maxQuantity = (listing: typeof listings.$inferSelect) =>
  listing.type === 'half-price' ? Math.min(MAX_REQUEST_QUANTITY, listing.quantity) : listing.quantity

/**
 * Reserves portions for an order in one transaction, with the listing row locked: no two people
 * can get the same portion. At 0 the listing turns 'claimed'. `type` null: whatever the listing's
 * type is (a delivery's order).
 */
export async function reserve<T>(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  action: OrderAuthorization,
  type: ListingType | null,
  quantity: number,
  pickupAt: Date | null,
  limits: FairUseLimits,
  insert: (tx: Transaction, listing: typeof listings.$inferSelect, requesterName: string) => Promise<T>,
  { standing = false }: PlacingOptions = {},
): Promise<{ created: T; listing: typeof listings.$inferSelect }> {
  return db.transaction(async (tx) => {
    const listing = await lockOrderableListing(tx, listingId)
    authorize(user, action, listing)
    if (type && listing.type !== type) throw conflict(WRONG_TYPE[listing.type as ListingType])
    const organisation = await verifiedOrganisation(tx, user.id)
    // A standing taker's portions were promised before the day was posted: first refusal is for
    // what is left (docs/decisions/0068-standing-arrangements.md).
    if (!standing) assertFirstRefusal(listing, organisation)
    const max = maxQuantity(listing)
    if (quantity > max) throw conflict('orders.errors.onlyAvailable', { n: max })
    // The listing's own window and expiry: the dialogs offer only the times this accepts.
    const problem = pickupAt && pickupProblem(listing, pickupAt)
    if (problem) throw badRequest(action === 'listing.askDelivery' ? DELIVERY_PROBLEMS[problem] : problem)
    await assertFairUse(
      tx,
      user.id,
      { quantity, free: listing.type === 'free' },
      limitsOf(organisation, limits),
    )
    // The donor hears of a verified organisation by its name, never its member's.
    const created = await insert(tx, listing, organisation?.name ?? user.name)
    const remaining = listing.quantity - quantity
    const now = new Date()
    await tx
      .update(listings)
      .set(
        remaining === 0
          ? {
              quantity: 0,
              status: 'claimed',
              claimedBy: user.id,
              claimedAt: now,
              updatedAt: now,
              version: bumped,
            }
          : { quantity: remaining, updatedAt: now, version: bumped },
      )
      .where(eq(listings.id, listingId))
    return { created, listing }
  })
}

/**
 * During first refusal only the verified organisations of the listing's district may order it; others
 * hear until when, in Sri Lankan time (docs/decisions/0055-first-refusal.md).
 */
function assertFirstRefusal(
  listing: typeof listings.$inferSelect,
  organisation: VerifiedOrganisation | null,
) {
  const until = heldFrom(listing, organisation, new Date())
  if (until) throw conflict('orders.errors.institutionsFirst', { time: sriLankaParts(until).time })
}
