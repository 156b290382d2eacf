/**
 * Occurrences: the donor is asked for the day's quantity, confirms it (or skips), or the typical
 * quantity posts by itself; posting makes an ordinary listing with the takers' orders confirmed in
 * the order they joined, the rest public at once (docs/decisions/0068-standing-arrangements.md).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FairUseLimits } from '../../../shared/fair-use'
import type { FirstRefusalRule } from '../../../shared/first-refusal'
import type { Role } from '../../../shared/reference-data'
import { preparedText } from '../../../shared/schemas/listing-clock'
import type { CreateListing } from '../../../shared/schemas/listing-input'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import { missedInARow, weekdayOf } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { standingOccurrences, standingReservations, standingTakers, users } from '../../db/schema'
import { AppError, conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { attachStandingDelivery } from '../deliveries/service'
import { createListing } from '../listings/service'
import { placeStandingOrder } from '../orders/service'
import { dropOffsFor } from './deliveries'
import type { OfferRow } from './offers'
import { outcomesOf } from './reads'

export type PostingRules = { fairUse: FairUseLimits; firstRefusal: FirstRefusalRule }

async function person(db: Database, id: string) {
  const [row] = await db
    .select(columnsOf(users, 'id', 'role', 'name', 'email', 'phone'))
    .from(users)
    .where(eq(users.id, id))
  return { ...row!, role: row!.role as Role | null }
}

/** The listing an occurrence posts: the offer's food, the day's window and quantity. */
function listingOf(offer: OfferRow, date: string, quantity: number, now: Date): CreateListing {
  return {
    title: offer.title,
    description: offer.description,
    categoryId: offer.categoryId ?? '',
    quantity,
    type: offer.type as CreateListing['type'],
    price: offer.price,
    allergens: offer.allergens as CreateListing['allergens'],
    dietary: offer.dietary as CreateListing['dietary'],
    preparationNotes: offer.preparationNotes ?? undefined,
    pickupAddress: offer.pickupAddress,
    pickupCity: offer.pickupCity,
    pickupDistrict: offer.pickupDistrict as CreateListing['pickupDistrict'],
    pickupPoint: offer.pickupPoint ?? null,
    pickupDate: date,
    pickupTimeStart: offer.windowStart,
    expiryDate: date,
    expiryTime: offer.windowEnd,
    imageUrls: [],
    // Stored whole by the offer's own schema (every check ticked).
    safetyChecklist: offer.safetyChecklist as CreateListing['safetyChecklist'],
    deliveryRequested: false,
    institutionsFirst: true,
    // Cooked food is taken as cooked for the day when it is posted (docs/decisions/0049-cooked-food-clock.md).
    ...(offer.storage
      ? { preparedAt: preparedText(now), storage: offer.storage as CreateListing['storage'] }
      : {}),
  }
}

/** The donor asks (the sweep): bell, push, e-mail and SMS "reply a number, or 0". Once per offer and date. */
export async function askDonor(db: Database, offer: OfferRow, date: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(standingOccurrences)
      .values({ offerId: offer.id, date, status: 'asked', askedAt: now })
      .onConflictDoNothing()
      .returning({ id: standingOccurrences.id })
    if (!row) return false
    await recordEvents(tx, {
      type: 'standingOffer.asked',
      payload: { offerId: offer.id, date },
      notices: [
        {
          userId: offer.donorId,
          type: 'standing_confirm',
          params: { title: offer.title, quantity: offer.quantity, time: offer.windowStart },
          relatedId: offer.id,
        },
      ],
    })
    return true
  })
}

/**
 * Posts an occurrence with `quantity` servings: claimed once (the donor's answer and the sweep's
 * default never both post), then the listing and each taker's confirmed order in join order.
 */
export async function postOccurrence(
  db: Database,
  offer: OfferRow,
  date: string,
  quantity: number,
  rules: PostingRules,
  { byDefault = false, now = new Date() } = {},
): Promise<string> {
  const [claimed] = await db
    .insert(standingOccurrences)
    .values({
      offerId: offer.id,
      date,
      status: 'posted',
      quantity,
      postedAt: now,
      postedByDefault: byDefault,
    })
    .onConflictDoUpdate({
      target: [standingOccurrences.offerId, standingOccurrences.date],
      set: { status: 'posted', quantity, postedAt: now, postedByDefault: byDefault },
      setWhere: eq(standingOccurrences.status, 'asked'),
    })
    .returning({ id: standingOccurrences.id })
  if (!claimed) throw conflict('standing.errors.alreadyDecided')
  let listingId: string
  try {
    listingId = await createListing(
      db,
      offer.donorId,
      listingOf(offer, date, quantity, now),
      rules.firstRefusal,
      {
        standingOfferId: offer.id,
        occurrenceDate: date,
      },
    )
  } catch (error) {
    // Nothing posted: the occurrence may be answered again.
    await db
      .update(standingOccurrences)
      .set({ status: 'asked', quantity: null, postedAt: null })
      .where(eq(standingOccurrences.id, claimed.id))
    throw error
  }
  await db.update(standingOccurrences).set({ listingId }).where(eq(standingOccurrences.id, claimed.id))
  await reserveForTakers(db, offer, date, listingId, quantity, rules.fairUse)
  if (byDefault) {
    await db.transaction((tx) =>
      recordEvents(tx, {
        type: 'standingOffer.posted',
        payload: { offerId: offer.id, date, listingId },
        notices: [
          {
            userId: offer.donorId,
            type: 'standing_posted_default',
            params: { title: offer.title, quantity },
            relatedId: listingId,
          },
        ],
      }),
    )
  }
  return listingId
}

/** The takers' confirmed orders, in the order they joined, as far as the day's servings go. */
async function reserveForTakers(
  db: Database,
  offer: OfferRow,
  date: string,
  listingId: string,
  quantity: number,
  fairUse: FairUseLimits,
) {
  const takers = await db
    .select()
    .from(standingTakers)
    .where(and(eq(standingTakers.offerId, offer.id), eq(standingTakers.status, 'active')))
    .orderBy(asc(standingTakers.joinedAt))
  if (takers.length === 0) return
  const skipped = new Set(
    (
      await db
        .select({ takerId: standingReservations.takerId })
        .from(standingReservations)
        .where(
          and(
            inArray(
              standingReservations.takerId,
              takers.map((t) => t.id),
            ),
            eq(standingReservations.date, date),
            eq(standingReservations.skipped, true),
          ),
        )
    ).map((r) => r.takerId),
  )
  const outcomes = await outcomesOf(
    db,
    takers.map((t) => t.id),
  )
  const donor = await person(db, offer.donorId)
  // Takers who asked for delivery: each order carries one, held by that weekday's volunteer if any.
  const dropOffs = await dropOffsFor(
    db,
    takers.map((t) => t.id),
    weekdayOf(date),
  )
  let left = quantity
  for (const taker of takers) {
    if (skipped.has(taker.id) || left === 0) continue
    if (missedInARow(outcomes.get(taker.id) ?? [])) {
      await pauseTaker(db, offer, taker.id, taker.userId)
      continue
    }
    const portions = Math.min(taker.quantity, left)
    const requester = await person(db, taker.userId)
    const delivery = dropOffs.get(taker.id)
    try {
      const order = await placeStandingOrder(
        db,
        { id: listingId, type: offer.type },
        requester,
        donor,
        { quantity: portions, pickupDate: date, pickupTime: offer.windowStart },
        fairUse,
        delivery &&
          ((placed) =>
            attachStandingDelivery(db, placed, {
              listing: { id: listingId, title: offer.title, donorId: offer.donorId },
              requester,
              quantity: portions,
              deliveryAt: sriLankaInstant(date, offer.windowStart),
              date,
              dropOff: delivery.dropOff,
              volunteerId: delivery.volunteerId,
            })),
      )
      await db
        .insert(standingReservations)
        .values({ takerId: taker.id, date, orderKind: order.kind, orderId: order.id })
        .onConflictDoNothing()
      left -= portions
    } catch (error) {
      // Over their fair use today: their portions stay public, the others still get theirs.
      if (!(error instanceof AppError) || error.statusCode !== 409) throw error
    }
  }
}

/** Two missed occurrences in a row: the taker is paused from the offer and both sides are told. */
async function pauseTaker(db: Database, offer: OfferRow, takerId: string, userId: string) {
  await db.transaction(async (tx) => {
    const paused = await tx
      .update(standingTakers)
      .set({ status: 'paused' })
      .where(and(eq(standingTakers.id, takerId), eq(standingTakers.status, 'active')))
      .returning({ id: standingTakers.id })
    if (paused.length === 0) return
    const [taker] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId))
    const params = { title: offer.title, name: taker?.name ?? '' }
    await recordEvents(tx, {
      type: 'standingOffer.takerPaused',
      payload: { offerId: offer.id, takerId },
      notices: [userId, offer.donorId].map((id) => ({
        userId: id,
        type: 'standing_taker_paused' as const,
        params,
        relatedId: offer.id,
      })),
    })
  })
}
