/**
 * Standing deliveries (docs/decisions/0069-standing-deliveries.md): a taker asks for their portions
 * to be brought, and a verified volunteer within reach takes some of the offer's weekdays (a
 * volunteer who takes Tuesdays). Each posted day's delivery is then theirs from the start.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { deliveryFee } from '../../../shared/delivery'
import { can } from '../../../shared/policy'
import type { StandingDelivery, StandingDropOffInput } from '../../../shared/schemas/standing-offers'
import {
  deliveryDaysProblem,
  freeDays,
  nextOccurrences,
  WEEKDAYS,
  type Weekday,
} from '../../../shared/standing'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { standingDeliveries, standingDropOffs, standingOffers, standingTakers, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors'
import type { StandingDropOff } from '../deliveries/service'
import { verifiedOrganisation } from '../organisations/service'
import { findOffer, stillTaking } from './offers'

const NEXT_DATES = 3

/** The signed-in taker's own row on an offer (not left), or 403. */
async function ownTaker(db: Database, offerId: string, userId: string) {
  await findOffer(db, offerId)
  const [taker] = await db
    .select()
    .from(standingTakers)
    .where(and(eq(standingTakers.offerId, offerId), eq(standingTakers.userId, userId), stillTaking))
  if (!taker) throw forbidden('standing.errors.notTaker')
  return taker
}

/** The taker asks for delivery, or changes where to (the delivery dialog's fields). */
export async function askForDelivery(
  db: Database,
  offerId: string,
  userId: string,
  input: StandingDropOffInput,
) {
  const taker = await ownTaker(db, offerId, userId)
  const values = {
    address: input.address.trim(),
    city: input.city.trim(),
    district: input.district,
    postalCode: input.postalCode || null,
    phone: input.phone,
    specialInstructions: input.specialInstructions || null,
  }
  await db
    .insert(standingDropOffs)
    .values({ takerId: taker.id, ...values })
    .onConflictDoUpdate({ target: standingDropOffs.takerId, set: values })
}

/** The taker collects again themselves: no more deliveries, and the volunteers' days end. */
export async function stopAskingForDelivery(db: Database, offerId: string, userId: string) {
  const taker = await ownTaker(db, offerId, userId)
  await db.transaction(async (tx) => {
    await tx.delete(standingDropOffs).where(eq(standingDropOffs.takerId, taker.id))
    await endHoldsOf(tx, taker.id)
  })
}

/** Every volunteer's days on a taker end (the taker left or collects themselves). */
export async function endHoldsOf(tx: Transaction, takerId: string) {
  await tx
    .update(standingDeliveries)
    .set({ endedAt: new Date() })
    .where(and(eq(standingDeliveries.takerId, takerId), isNull(standingDeliveries.endedAt)))
}

/** The weekdays other volunteers than `exceptId` hold on a taker. */
function heldDays(holds: { volunteerId: string; days: string[] }[], exceptId: string | null) {
  return holds.filter((h) => h.volunteerId !== exceptId).flatMap((h) => h.days)
}

async function activeHolds(db: Database | Transaction, takerIds: string[]) {
  if (takerIds.length === 0) return []
  return db
    .select({
      ...columnsOf(standingDeliveries, 'id', 'takerId', 'volunteerId'),
      volunteerName: users.name,
      days: standingDeliveries.days,
    })
    .from(standingDeliveries)
    .innerJoin(users, eq(users.id, standingDeliveries.volunteerId))
    .where(and(inArray(standingDeliveries.takerId, takerIds), isNull(standingDeliveries.endedAt)))
}

/**
 * A volunteer takes `days` of a taker's deliveries (replacing the days they held): a verified
 * volunteer within reach of both ends; each day one the offer runs (400) and nobody else holds (409).
 */
export async function takeDeliveryDays(
  db: Database,
  offerId: string,
  takerId: string,
  volunteer: Actor,
  days: Weekday[],
): Promise<StandingDelivery> {
  const offer = await findOffer(db, offerId)
  const [row] = await db
    .select({ taker: standingTakers, dropOff: standingDropOffs })
    .from(standingTakers)
    .innerJoin(standingDropOffs, eq(standingDropOffs.takerId, standingTakers.id))
    .where(and(eq(standingTakers.id, takerId), eq(standingTakers.offerId, offerId), stillTaking))
  if (!row) throw notFound('standing.errors.noDeliveryAsked')
  authorize(volunteer, 'standingDelivery.take', {
    pickupDistrict: offer.pickupDistrict,
    district: row.dropOff.district,
    takerId: row.taker.userId,
  })
  if (offer.endedAt) throw conflict('standing.errors.ended')
  if (deliveryDaysProblem(days, offer.days, []) === 'notOffered') {
    throw fieldError('days', 'standing.errors.deliveryDayNotOffered')
  }
  const id = await db.transaction(async (tx) => {
    // The taker's row locked: two volunteers taking the same Tuesday at once are counted in turn.
    await tx
      .select({ id: standingTakers.id })
      .from(standingTakers)
      .where(eq(standingTakers.id, takerId))
      .for('update')
    const holds = await activeHolds(tx, [takerId])
    if (deliveryDaysProblem(days, offer.days, heldDays(holds, volunteer.id)) === 'taken') {
      throw conflict('standing.errors.deliveryDayTaken')
    }
    const mine = holds.find((h) => h.volunteerId === volunteer.id)
    if (mine) {
      await tx.update(standingDeliveries).set({ days }).where(eq(standingDeliveries.id, mine.id))
      return mine.id
    }
    const [created] = await tx
      .insert(standingDeliveries)
      .values({ takerId, volunteerId: volunteer.id, days })
      .returning({ id: standingDeliveries.id })
    return created!.id
  })
  const { items } = await listStandingDeliveries(db, volunteer, 'volunteer')
  return items.find((item) => item.id === id)!
}

/** The volunteer stops: days already posted stay theirs (each can be handed back like any delivery). */
export async function stopDelivering(db: Database, holdId: string, volunteer: Actor) {
  const [hold] = await db
    .select()
    .from(standingDeliveries)
    .where(and(eq(standingDeliveries.id, holdId), isNull(standingDeliveries.endedAt)))
  if (!hold) throw notFound('standing.errors.noStandingDelivery')
  authorize(volunteer, 'delivery.deliver', { volunteerId: hold.volunteerId })
  await db.update(standingDeliveries).set({ endedAt: new Date() }).where(eq(standingDeliveries.id, holdId))
}

/**
 * The arrangements a volunteer delivers (volunteer), or those asking for delivery within their reach
 * with a day nobody holds (open).
 */
export async function listStandingDeliveries(
  db: Database,
  volunteer: Actor,
  as: 'volunteer' | 'open',
  now = new Date(),
): Promise<{ items: StandingDelivery[] }> {
  authorize(volunteer, 'delivery.listWaiting')
  const rows = await db
    .select({
      offer: standingOffers,
      taker: standingTakers,
      takerName: users.name,
      dropOff: standingDropOffs,
    })
    .from(standingDropOffs)
    .innerJoin(standingTakers, eq(standingTakers.id, standingDropOffs.takerId))
    .innerJoin(standingOffers, eq(standingOffers.id, standingTakers.offerId))
    .innerJoin(users, eq(users.id, standingTakers.userId))
    .where(
      and(
        stillTaking,
        isNull(standingOffers.endedAt),
        as === 'volunteer'
          ? inArray(
              standingTakers.id,
              db
                .select({ id: standingDeliveries.takerId })
                .from(standingDeliveries)
                .where(
                  and(eq(standingDeliveries.volunteerId, volunteer.id), isNull(standingDeliveries.endedAt)),
                ),
            )
          : undefined,
      ),
    )
    .limit(200)
  const holds = await activeHolds(
    db,
    rows.map((r) => r.taker.id),
  )
  const items: StandingDelivery[] = []
  for (const { offer, taker, takerName, dropOff } of rows) {
    const own = holds.filter((h) => h.takerId === taker.id)
    const mine = own.find((h) => h.volunteerId === volunteer.id)
    const free = freeDays(offer.days, heldDays(own, null))
    if (as === 'open') {
      if (mine || free.length === 0) continue
      // Listed only to the volunteers who could take it (the policy's own rule).
      const arrangement = {
        pickupDistrict: offer.pickupDistrict,
        district: dropOff.district,
        takerId: taker.userId,
      }
      if (!can(volunteer, 'standingDelivery.take', arrangement)) continue
    }
    const days = mine?.days ?? []
    items.push({
      id: mine?.id ?? null,
      offerId: offer.id,
      takerId: taker.id,
      title: offer.title,
      takerName: (await verifiedOrganisation(db, taker.userId))?.name ?? takerName,
      quantity: taker.quantity,
      pickupCity: offer.pickupCity,
      pickupDistrict: offer.pickupDistrict,
      city: dropOff.city,
      district: dropOff.district,
      windowStart: offer.windowStart,
      windowEnd: offer.windowEnd,
      offerDays: offer.days,
      freeDays: free,
      days,
      nextDates: nextOccurrences({ ...offer, days: mine ? days : free }, now, NEXT_DATES),
      fee: deliveryFee(dropOff.district, false),
    })
  }
  return { items }
}

/** For a posted day: each taker's drop-off and the volunteer holding that weekday, if any. */
export async function dropOffsFor(db: Database, takerIds: string[], day: Weekday) {
  if (takerIds.length === 0)
    return new Map<string, { dropOff: StandingDropOff; volunteerId: string | null }>()
  const dropOffs = await db.select().from(standingDropOffs).where(inArray(standingDropOffs.takerId, takerIds))
  const holds = await activeHolds(db, takerIds)
  return new Map(
    dropOffs.map((d) => [
      d.takerId,
      {
        dropOff: d,
        volunteerId: holds.find((h) => h.takerId === d.takerId && h.days.includes(day))?.volunteerId ?? null,
      },
    ]),
  )
}

/** The volunteers holding `day` on these takers: a skipped day is theirs to hear of. */
export async function volunteersOfDay(tx: Database | Transaction, takerIds: string[], day: Weekday) {
  return (await activeHolds(tx, takerIds)).filter((h) => h.days.includes(day))
}

/** Who delivers which day of each taker, for the people who may see it (the taker and the donor). */
export async function deliverersOf(db: Database, takerIds: string[]) {
  const [dropOffs, holds] = await Promise.all([
    takerIds.length === 0
      ? []
      : db.select().from(standingDropOffs).where(inArray(standingDropOffs.takerId, takerIds)),
    activeHolds(db, takerIds),
  ])
  return new Map(
    dropOffs.map((d) => [
      d.takerId,
      {
        city: d.city,
        district: d.district,
        deliverers: holds
          .filter((h) => h.takerId === d.takerId)
          .flatMap((h) => h.days.map((day) => ({ day, volunteer: h.volunteerName })))
          .sort((a, b) => WEEKDAYS.indexOf(a.day as Weekday) - WEEKDAYS.indexOf(b.day as Weekday)),
      },
    ]),
  )
}
