/** Reading standing offers as each viewer may see them, and each taker's record. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { approxPoint } from '../../../shared/geo'
import { can } from '../../../shared/policy'
import type { StandingOffer } from '../../../shared/schemas/standing-offers'
import { nextOccurrences } from '../../../shared/standing'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import {
  claims,
  foodRequests,
  standingOffers,
  standingReservations,
  standingTakers,
  users,
} from '../../db/schema'
import { verifiedOrganisation } from '../organisations/service'
import { deliverersOf } from './deliveries'
import { findOffer, type OfferRow, offerStatus, stillTaking } from './offers'

type Outcome = 'collected' | 'missed' | 'skipped' | 'open'

/** Each reservation's outcome, newest first: from its order, or its skip. */
export async function outcomesOf(db: Database | Transaction, takerIds: string[]) {
  if (takerIds.length === 0) return new Map<string, Outcome[]>()
  const rows = await db
    .select({
      takerId: standingReservations.takerId,
      skipped: standingReservations.skipped,
      claimStatus: claims.status,
      claimNoShow: claims.noShowAt,
      requestStatus: foodRequests.status,
      requestNoShow: foodRequests.noShowAt,
    })
    .from(standingReservations)
    .leftJoin(claims, eq(claims.id, standingReservations.orderId))
    .leftJoin(foodRequests, eq(foodRequests.id, standingReservations.orderId))
    .where(inArray(standingReservations.takerId, takerIds))
    .orderBy(desc(standingReservations.date))
  const byTaker = new Map<string, Outcome[]>()
  for (const row of rows) {
    const status = row.claimStatus ?? row.requestStatus
    const noShow = row.claimNoShow ?? row.requestNoShow
    const outcome: Outcome = row.skipped
      ? 'skipped'
      : status === 'completed'
        ? 'collected'
        : noShow
          ? 'missed'
          : 'open'
    byTaker.set(row.takerId, [...(byTaker.get(row.takerId) ?? []), outcome])
  }
  return byTaker
}

/**
 * The offer as `viewer` may see it: the street address for its donor and takers only, each taker's
 * record for the donor (a taker sees their own).
 */
export async function presentOffers(
  db: Database,
  rows: OfferRow[],
  viewer: Actor | null | undefined,
  now = new Date(),
): Promise<StandingOffer[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const takers = await db
    .select({
      ...columnsOf(standingTakers, 'id', 'offerId', 'userId'),
      name: users.name,
      ...columnsOf(standingTakers, 'quantity', 'status', 'joinedAt'),
    })
    .from(standingTakers)
    .innerJoin(users, eq(users.id, standingTakers.userId))
    .where(and(inArray(standingTakers.offerId, ids), stillTaking))
    .orderBy(asc(standingTakers.joinedAt))
  const outcomes = await outcomesOf(
    db,
    takers.map((t) => t.id),
  )
  const deliveries = await deliverersOf(
    db,
    takers.map((t) => t.id),
  )
  // A verified organisation is named by its name, never its member's (as on orders).
  const organisations = new Map(
    await Promise.all(
      [...new Set(takers.map((t) => t.userId))].map(
        async (id) => [id, (await verifiedOrganisation(db, id))?.name] as const,
      ),
    ),
  )
  const donorNames = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.donorId))]))
    ).map((u) => [u.id, u.name]),
  )
  return rows.map((row) => {
    const own = takers.filter((t) => t.offerId === row.id)
    const isDonor = viewer?.id === row.donorId
    const isTaker = own.some((t) => t.userId === viewer?.id)
    return {
      id: row.id,
      donorId: row.donorId,
      donorName: donorNames.get(row.donorId) ?? '',
      title: row.title,
      categoryId: row.categoryId,
      description: row.description,
      quantity: row.quantity,
      type: row.type,
      price: row.price,
      dietary: row.dietary,
      allergens: row.allergens,
      preparationNotes: row.preparationNotes,
      storage: row.storage,
      days: row.days,
      windowStart: row.windowStart,
      windowEnd: row.windowEnd,
      pickupCity: row.pickupCity,
      pickupDistrict: row.pickupDistrict,
      pickupAddress: isDonor || isTaker ? row.pickupAddress : null,
      pickupPoint: isDonor || isTaker ? (row.pickupPoint ?? null) : null,
      approxPoint: row.pickupPoint ? approxPoint(row.pickupPoint) : null,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      pausedUntil: row.pausedUntil,
      status: offerStatus(row, now),
      room: row.quantity - own.reduce((sum, t) => sum + t.quantity, 0),
      takers: own
        .filter((t) => isDonor || t.userId === viewer?.id)
        .map((t) => {
          const list = outcomes.get(t.id) ?? []
          const count = (o: Outcome) => list.filter((x) => x === o).length
          return {
            id: t.id,
            userId: t.userId,
            name: organisations.get(t.userId) ?? t.name,
            quantity: t.quantity,
            status: t.status as 'active' | 'paused',
            joinedAt: t.joinedAt.toISOString(),
            record: { collected: count('collected'), missed: count('missed'), skipped: count('skipped') },
            delivery: can(viewer, 'standingDelivery.seeDeliverers', {
              donorId: row.donorId,
              takerId: t.userId,
            })
              ? (deliveries.get(t.id) ?? null)
              : null,
          }
        }),
      nextOccurrences: nextOccurrences(row, now),
      createdAt: row.createdAt.toISOString(),
    }
  })
}

export async function getOffer(db: Database, id: string, viewer: Actor | null | undefined) {
  return (await presentOffers(db, [await findOffer(db, id)], viewer))[0]!
}

/** donor: mine; taker: those I take from; open: active offers with room, by district and type. */
export async function listOffers(
  db: Database,
  query: { as: 'donor' | 'taker' | 'open'; district?: string; type?: string },
  viewer: Actor | null | undefined,
) {
  let rows: OfferRow[]
  if (query.as === 'donor') {
    rows = viewer
      ? await db
          .select()
          .from(standingOffers)
          .where(eq(standingOffers.donorId, viewer.id))
          .orderBy(desc(standingOffers.createdAt))
          .limit(100)
      : []
  } else if (query.as === 'taker') {
    rows = viewer
      ? (
          await db
            .select({ offer: standingOffers })
            .from(standingOffers)
            .innerJoin(standingTakers, eq(standingTakers.offerId, standingOffers.id))
            .where(and(eq(standingTakers.userId, viewer.id), stillTaking))
            .orderBy(asc(standingTakers.joinedAt))
            .limit(100)
        ).map((r) => r.offer)
      : []
  } else {
    const taken = sql`coalesce((select sum(${standingTakers.quantity}) from ${standingTakers} where ${standingTakers.offerId} = ${standingOffers.id} and ${stillTaking}), 0)`
    rows = await db
      .select()
      .from(standingOffers)
      .where(
        and(
          isNull(standingOffers.endedAt),
          sql`${standingOffers.quantity} > ${taken}`,
          query.district ? eq(standingOffers.pickupDistrict, query.district) : undefined,
          query.type ? eq(standingOffers.type, query.type) : undefined,
        ),
      )
      .orderBy(desc(standingOffers.createdAt))
      .limit(50)
  }
  return { items: await presentOffers(db, rows, viewer) }
}
