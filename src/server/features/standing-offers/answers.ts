/**
 * The people's answers to an occurrence: the donor's quantity (0 skips the day) and the skips of
 * either side (docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq } from 'drizzle-orm'
import { occursOn, windowCloses, windowOpens } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { standingOccurrences, standingReservations, standingTakers } from '../../db/schema'
import { badRequest, conflict, forbidden } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { moveOrder } from '../orders/service'
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
      .select({ userId: standingTakers.userId })
      .from(standingTakers)
      .where(and(eq(standingTakers.offerId, offer.id), eq(standingTakers.status, 'active')))
    await recordEvents(tx, {
      type: 'standingOffer.skipped',
      payload: { offerId: offer.id, date },
      notices: takers.map((t) => ({
        userId: t.userId,
        type: 'standing_skipped' as const,
        params: { title: offer.title, date },
        relatedId: offer.id,
      })),
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
    if (held?.orderId && held.orderKind) {
      // Their portions go back to the day's listing, public at once.
      await moveOrder(tx, held.orderKind as 'claim' | 'request', held.orderId, 'withdraw')
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
      changes: [{ table: 'listings' }, { table: 'orders', userIds: [offer.donorId, userId] }],
    })
  })
  return { listingId: null }
}
