/**
 * The people's answers to an occurrence: the donor's quantity (0 skips the day) and the skips of
 * either side (docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq } from 'drizzle-orm'
import { occursOn, weekdayOf, windowCloses, windowOpens } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { standingOccurrences, standingReservations, standingTakers } from '../../db/schema'
import { badRequest, conflict, forbidden } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { cancelStandingDelivery } from '../deliveries/service'
import { moveOrder } from '../orders/service'
import { volunteersOfDay } from './deliveries'
import { type PostingRules, postOccurrence } from './occurrences'
import { findOffer, type OfferRow } from './offers'

/** 400 unless the offer has an occurrence on `date` whose window has not closed. */
function assertOccurrence(offer: OfferRow, date: string, now: Date) {
  if (!occursOn(offer, date) || windowCloses(date, offer) <= now) {
    throw badRequest('standing.errors.noOccurrence')
  }
}

/** The donor's answer: a quantity posts the day; 0 skips it. */
export async function confirmOccurrence(
  db: Database,
  offerId: string,
  date: string,
  donorId: string,
  quantity: number,
  rules: PostingRules,
  now = new Date(),
) {
  const offer = await findOffer(db, offerId)
  if (offer.donorId !== donorId) throw forbidden('listings.errors.notOwner')
  assertOccurrence(offer, date, now)
  if (quantity === 0) return skipAsDonor(db, offer, date)
  return { listingId: await postOccurrence(db, offer, date, quantity, rules, { now }) }
}

/** The donor's skip: no listing that day, every taker told. */
async function skipAsDonor(db: Database, offer: OfferRow, date: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(standingOccurrences)
      .values({ offerId: offer.id, date, status: 'skipped', quantity: 0 })
      .onConflictDoUpdate({
        target: [standingOccurrences.offerId, standingOccurrences.date],
        set: { status: 'skipped', quantity: 0 },
        setWhere: eq(standingOccurrences.status, 'asked'),
      })
      .returning({ id: standingOccurrences.id })
    if (!row) throw conflict('standing.errors.alreadyDecided')
    const takers = await tx
      .select({ id: standingTakers.id, userId: standingTakers.userId })
      .from(standingTakers)
      .where(and(eq(standingTakers.offerId, offer.id), eq(standingTakers.status, 'active')))
    const volunteers = await volunteersOfDay(
      tx,
      takers.map((t) => t.id),
      weekdayOf(date),
    )
    await recordEvents(tx, {
      type: 'standingOffer.skipped',
      payload: { offerId: offer.id, date },
      notices: [
        ...takers.map((t) => ({
          userId: t.userId,
          type: 'standing_skipped' as const,
          params: { title: offer.title, date },
          relatedId: offer.id,
        })),
        ...volunteers.map((v) => deliverySkipped(v.volunteerId, offer, date)),
      ],
    })
  })
  return { listingId: null }
}

/**
 * A skip: by the donor, the day is cancelled; by a taker, their portions of that day go to the
 * public listing (before posting they are never reserved; after, their order is withdrawn).
 */
export async function skipOccurrence(
  db: Database,
  offerId: string,
  date: string,
  userId: string,
  now = new Date(),
) {
  const offer = await findOffer(db, offerId)
  assertOccurrence(offer, date, now)
  if (offer.donorId === userId) return skipAsDonor(db, offer, date)
  const [taker] = await db
    .select()
    .from(standingTakers)
    .where(and(eq(standingTakers.offerId, offerId), eq(standingTakers.userId, userId)))
  if (!taker || taker.status === 'left') throw forbidden('standing.errors.notTaker')
  if (now >= windowOpens(date, offer)) throw conflict('standing.errors.windowStarted')
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(standingReservations)
      .where(and(eq(standingReservations.takerId, taker.id), eq(standingReservations.date, date)))
      .for('update')
    if (held?.skipped) return
    // The volunteer of that weekday hears there is nothing to bring (their delivery is cancelled).
    let volunteerId = (await volunteersOfDay(tx, [taker.id], weekdayOf(date)))[0]?.volunteerId ?? null
    if (held?.orderId && held.orderKind) {
      const order = { kind: held.orderKind as 'claim' | 'request', id: held.orderId }
      // Their portions go back to the day's listing, public at once.
      await moveOrder(tx, order.kind, order.id, 'withdraw')
      volunteerId = await cancelStandingDelivery(tx, order)
    }
    await tx
      .insert(standingReservations)
      .values({ takerId: taker.id, date, skipped: true })
      .onConflictDoUpdate({
        target: [standingReservations.takerId, standingReservations.date],
        set: { skipped: true },
      })
    await recordEvents(tx, {
      type: 'standingOffer.takerSkipped',
      payload: { offerId, date },
      notices: volunteerId ? [deliverySkipped(volunteerId, offer, date)] : [],
      changes: [
        { table: 'listings' },
        { table: 'orders', userIds: [offer.donorId, userId] },
        { table: 'deliveries' },
      ],
    })
  })
  return { listingId: null }
}

/** The volunteer who holds the day's weekday hears that the day is off. */
function deliverySkipped(volunteerId: string, offer: OfferRow, date: string) {
  return {
    userId: volunteerId,
    type: 'standing_delivery_skipped' as const,
    params: { title: offer.title, date },
    relatedId: offer.id,
  }
}
