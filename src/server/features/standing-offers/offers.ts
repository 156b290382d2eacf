/**
 * Standing offers: create, read, edit, pause, end (docs/decisions/0068-standing-arrangements.md).
 * An edit changes the occurrences still to come; a posted one is an ordinary listing and keeps its own.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { COOKED_CATEGORIES } from '../../../shared/food-safety'
import type { Actor } from '../../../shared/policy'
import type {
  CreateStandingOffer,
  StandingOffer,
  UpdateStandingOffer,
} from '../../../shared/schemas/standing-offers'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { nextOccurrences } from '../../../shared/standing'
import type { Database, Transaction } from '../../db/client'
import {
  categories,
  claims,
  foodRequests,
  standingOffers,
  standingReservations,
  standingTakers,
  users,
} from '../../db/schema'
import { authorize } from '../../platform/auth'
import { badRequest, fieldError, notFound } from '../../platform/errors'

export type OfferRow = typeof standingOffers.$inferSelect
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findOffer(db: Database | Transaction, id: string): Promise<OfferRow> {
  const [row] = UUID.test(id)
    ? await db.select().from(standingOffers).where(eq(standingOffers.id, id)).limit(1)
    : []
  if (!row) throw notFound('standing.errors.notFound')
  return row
}

/** The offer when `actor` is its donor: 404 missing, 403 anyone else (the listing's own rule). */
export async function ownOffer(db: Database, actor: Actor, id: string): Promise<OfferRow> {
  const row = await findOffer(db, id)
  authorize(actor, 'listing.edit', row)
  return row
}

export const offerStatus = (row: OfferRow, now = new Date()): StandingOffer['status'] =>
  row.endedAt ? 'ended' : row.pausedUntil && row.pausedUntil > sriLankaToday(now) ? 'paused' : 'active'

/** Cooked food needs its storage, as a cooked listing needs its clock (0049). */
async function assertCategory(db: Database, categoryId: string, storage: string | undefined | null) {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1)
  if (!row) throw fieldError('categoryId', 'donate.errors.categoryRequired')
  if ((COOKED_CATEGORIES as readonly string[]).includes(row.slug) && !storage) {
    throw fieldError('storage', 'donate.errors.storageRequired')
  }
}

function columns(input: UpdateStandingOffer) {
  const { pickupPoint, storage, price, startsOn, endsOn, ...rest } = input
  return {
    ...rest,
    ...(pickupPoint !== undefined ? { pickupPoint } : {}),
    ...(storage !== undefined ? { storage: storage || null } : {}),
    ...(input.type !== undefined ? { price: input.type === 'free' ? 0 : (price ?? 0) } : {}),
    ...(startsOn !== undefined ? { startsOn } : {}),
    ...(endsOn !== undefined ? { endsOn } : {}),
  }
}

export async function createOffer(
  db: Database,
  donorId: string,
  input: CreateStandingOffer,
): Promise<string> {
  await assertCategory(db, input.categoryId, input.storage)
  const [row] = await db
    .insert(standingOffers)
    .values({
      ...columns(input),
      donorId,
      title: input.title,
      description: input.description,
      quantity: input.quantity,
      type: input.type,
      days: input.days,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      pickupAddress: input.pickupAddress,
      pickupCity: input.pickupCity,
      pickupDistrict: input.pickupDistrict,
      safetyChecklist: input.safetyChecklist,
      startsOn: input.startsOn ?? sriLankaToday(),
    })
    .returning({ id: standingOffers.id })
  return row!.id
}

export async function updateOffer(db: Database, actor: Actor, id: string, input: UpdateStandingOffer) {
  const row = await ownOffer(db, actor, id)
  if (row.endedAt) throw badRequest('standing.errors.ended')
  const merged = { ...row, ...input }
  if (input.windowStart || input.windowEnd) {
    const { windowStart, windowEnd } = merged
    if (windowEnd <= windowStart) throw fieldError('windowEnd', 'standing.errors.windowInvalid')
  }
  if (input.quantity !== undefined && input.quantity < (await takenPortions(db, id))) {
    throw fieldError('quantity', 'standing.errors.belowTakers')
  }
  if (input.categoryId || input.storage !== undefined) {
    await assertCategory(db, merged.categoryId ?? '', merged.storage)
  }
  await db
    .update(standingOffers)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(standingOffers.id, id))
}

export async function pauseOffer(db: Database, actor: Actor, id: string, until: string) {
  await ownOffer(db, actor, id)
  await db
    .update(standingOffers)
    .set({ pausedUntil: until, updatedAt: new Date() })
    .where(eq(standingOffers.id, id))
}

export async function endOffer(db: Database, actor: Actor, id: string) {
  await ownOffer(db, actor, id)
  await db
    .update(standingOffers)
    .set({ endedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(standingOffers.id, id), isNull(standingOffers.endedAt)))
}

/** Portions the active and paused takers hold. */
export async function takenPortions(db: Database | Transaction, offerId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${standingTakers.quantity}), 0)::int` })
    .from(standingTakers)
    .where(and(eq(standingTakers.offerId, offerId), ne(standingTakers.status, 'left')))
  return Number(row?.sum ?? 0)
}

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
  viewer: { id: string } | null | undefined,
  now = new Date(),
): Promise<StandingOffer[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const takers = await db
    .select({
      id: standingTakers.id,
      offerId: standingTakers.offerId,
      userId: standingTakers.userId,
      name: users.name,
      quantity: standingTakers.quantity,
      status: standingTakers.status,
      joinedAt: standingTakers.joinedAt,
    })
    .from(standingTakers)
    .innerJoin(users, eq(users.id, standingTakers.userId))
    .where(and(inArray(standingTakers.offerId, ids), ne(standingTakers.status, 'left')))
    .orderBy(asc(standingTakers.joinedAt))
  const outcomes = await outcomesOf(
    db,
    takers.map((t) => t.id),
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
            name: t.name,
            quantity: t.quantity,
            status: t.status as 'active' | 'paused',
            joinedAt: t.joinedAt.toISOString(),
            record: { collected: count('collected'), missed: count('missed'), skipped: count('skipped') },
          }
        }),
      nextOccurrences: nextOccurrences(row, now),
      createdAt: row.createdAt.toISOString(),
    }
  })
}

export async function getOffer(db: Database, id: string, viewer: { id: string } | null | undefined) {
  return (await presentOffers(db, [await findOffer(db, id)], viewer))[0]!
}

/** donor: mine; taker: those I take from; open: active offers with room, by district and type. */
export async function listOffers(
  db: Database,
  query: { as: 'donor' | 'taker' | 'open'; district?: string; type?: string },
  viewer: { id: string } | null | undefined,
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
            .where(and(eq(standingTakers.userId, viewer.id), ne(standingTakers.status, 'left')))
            .orderBy(asc(standingTakers.joinedAt))
            .limit(100)
        ).map((r) => r.offer)
      : []
  } else {
    const taken = sql`coalesce((select sum(${standingTakers.quantity}) from ${standingTakers} where ${standingTakers.offerId} = ${standingOffers.id} and ${standingTakers.status} <> 'left'), 0)`
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
