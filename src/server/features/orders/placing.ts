/** Placing orders: portions reserved under a row lock (docs/decisions/0006-one-order-model.md). */
import { eq } from 'drizzle-orm'
import { DELIVERY_PROBLEMS } from '../../../shared/delivery'
import type { FairUseLimits } from '../../../shared/fair-use'
import { heldFrom } from '../../../shared/first-refusal'
import type { OrderKind } from '../../../shared/orders'
import { pickupProblem } from '../../../shared/pickup-time'
import { type ListingType, MAX_REQUEST_QUANTITY } from '../../../shared/reference-data'
import type { ClaimData, FoodRequestData } from '../../../shared/schemas/order-input'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { claims, foodRequests, listings } from '../../db/schema'
import { authorize } from '../../platform/auth'
import type { NewNotification } from '../../platform/domain-events'
import { badRequest, conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
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
async function reserve<T>(
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

export async function createClaim(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: ClaimData,
  limits: FairUseLimits,
  options: PlacingOptions = {},
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.claim',
    'free',
    input.quantity,
    sriLankaInstant(input.pickupDate, input.pickupTime),
    limits,
    async (tx, locked, requesterName) => {
      const [row] = await tx
        .insert(claims)
        .values({
          listingId,
          claimantId: user.id,
          quantity: input.quantity,
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
          contactMethod: input.contactMethod,
          phone: input.phone || null,
          email: input.email || null,
          notes: input.notes ?? null,
        })
        .returning({ id: claims.id })
      await recordEvents(
        tx,
        placedEvent('claim', row!.id, locked, user, {
          type: 'food_claim',
          params: { name: requesterName, quantity: input.quantity, title: locked.title },
        }),
      )
      return row!.id
    },
    options,
  )
  return { id: created, listing }
}

/** The donor hears of a new order; both parties' order lists and the listing's portions change. */
function placedEvent(
  kind: OrderKind,
  orderId: string,
  listing: typeof listings.$inferSelect,
  user: SessionUserLike,
  notice: Pick<NewNotification, 'type' | 'params'>,
) {
  return {
    type: 'order.placed' as const,
    payload: {
      kind,
      orderId,
      listingId: listing.id,
      donorId: listing.donorId,
      requesterId: user.id,
      deliveryId: null,
    },
    notices: [{ userId: listing.donorId, relatedId: orderId, ...notice }],
    changes: [
      { table: 'orders' as const, userIds: [listing.donorId, user.id] },
      { table: 'listings' as const },
    ],
  }
}

export async function createFoodRequest(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: FoodRequestData,
  limits: FairUseLimits,
  options: PlacingOptions = {},
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.request',
    'half-price',
    input.quantity,
    sriLankaInstant(input.pickupDate, input.pickupTime),
    limits,
    async (tx, locked, requesterName) => {
      const [row] = await tx
        .insert(foodRequests)
        .values({
          listingId,
          requesterId: user.id,
          quantity: input.quantity,
          // The price is the listing's, never the client's.
          unitPrice: locked.price,
          totalPrice: locked.price * input.quantity,
          paymentMethod: input.paymentMethod,
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
          phone: input.phone,
          email: user.email,
          notes: input.notes ?? null,
        })
        .returning({ id: foodRequests.id, totalPrice: foodRequests.totalPrice })
      await recordEvents(
        tx,
        placedEvent('request', row!.id, locked, user, {
          type: 'food_request',
          params: {
            name: requesterName,
            quantity: input.quantity,
            title: locked.title,
            total: row!.totalPrice,
          },
        }),
      )
      return row!
    },
    options,
  )
  return { id: created.id, listing }
}

/** The order a delivery carries: its portions, when and how to reach the requester. */
export type DeliveryOrderInput = {
  quantity: number
  deliveryAt: Date
  phone: string
  notes: string | null
}

/**
 * Places the order of a delivery request: a claim on free food, a food request on half-price food
 * (paid in cash on delivery), reserved exactly like one; `attach` writes the delivery in the same
 * transaction, so the portions and the delivery exist together or not at all.
 */
export async function createDeliveryOrder<T>(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: DeliveryOrderInput,
  limits: FairUseLimits,
  attach: (
    tx: Transaction,
    order: { kind: OrderKind; id: string },
    listing: typeof listings.$inferSelect,
  ) => Promise<T>,
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.askDelivery',
    null,
    input.quantity,
    input.deliveryAt,
    limits,
    async (tx, locked) => {
      const common = {
        listingId,
        quantity: input.quantity,
        pickupAt: input.deliveryAt,
        phone: input.phone,
        email: user.email,
        notes: input.notes,
      }
      const order =
        locked.type === 'half-price'
          ? {
              kind: 'request' as const,
              id: (
                await tx
                  .insert(foodRequests)
                  .values({
                    ...common,
                    requesterId: user.id,
                    unitPrice: locked.price,
                    totalPrice: locked.price * input.quantity,
                    paymentMethod: 'cash',
                  })
                  .returning({ id: foodRequests.id })
              )[0]!.id,
            }
          : {
              kind: 'claim' as const,
              id: (
                await tx
                  .insert(claims)
                  .values({ ...common, claimantId: user.id, contactMethod: 'phone' })
                  .returning({ id: claims.id })
              )[0]!.id,
            }
      return { order, attached: await attach(tx, order, locked) }
    },
  )
  return { ...created, listing }
}
