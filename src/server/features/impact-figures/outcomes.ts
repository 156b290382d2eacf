/**
 * What happened to the food once offered (docs/decisions/0048-outcomes-not-offers.md): of approved
 * orders whose pickup window has ended, how many were collected; of collections, how many with the
 * pickup code; how long food waited for its first order and an approval for its collection; the
 * weight recorded; the share of collected servings that standing arrangements carried (0068). Overall, per Sri Lankan month (of the pickup; of posting for the first order) and
 * per district of the food, for the community or one donor.
 */
import { and, eq, gte, isNotNull, min, type SQL, sql } from 'drizzle-orm'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { lastMonthKeys, monthStart, ratePercent } from '../../../shared/impact'
import { PICKUP_WINDOW_MINUTES } from '../../../shared/reference-data'
import type { OutcomeFigures, Outcomes } from '../../../shared/schemas/stats'
import type { Database } from '../../db/client'
import { listings, standingReservations } from '../../db/schema'
import { allOrders, monthOf, tally } from './figures'

const MONTHS = 6

type Grouping = 'all' | 'month' | 'district'

/** The median of `minutes` over the rows matching `where`, or null. */
const medianMinutes = (minutes: SQL, where: SQL) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${minutes}) filter (where ${where})`.mapWith(
    (v) => (v === null ? null : Math.round(Number(v))),
  )

const minutesBetween = (from: SQL | typeof listings.createdAt, to: SQL | typeof listings.createdAt) =>
  sql`extract(epoch from (${to} - ${from})) / 60`

/** Grouped by `key`, or one row of everything ('all' is a constant, which SQL cannot group by). */
const groupingBy = (grouping: Grouping, key: SQL<string>) => (grouping === 'all' ? [] : [key])

const isCompleted = sql`${allOrders.status} = 'completed'`

/** Orders the donor approved, whatever became of them: waiting, collected, or not collected. */
const wasApproved = sql`(${allOrders.status} in ('confirmed', 'completed') or ${allOrders.noShowAt} is not null)`

const servingsWhere = (where: SQL) =>
  sql<number>`coalesce(sum(${allOrders.quantity}) filter (where ${where}), 0)`.mapWith(Number)

/** A standing taker's reserved order (docs/decisions/0068-standing-arrangements.md). */
const throughStanding = sql`exists (select 1 from ${standingReservations} where ${standingReservations.orderId} = ${allOrders.id})`

async function orderFigures(db: Database, now: Date, grouping: Grouping, where: SQL | undefined) {
  const windowEnded = sql`${allOrders.pickupAt} <= ${new Date(now.getTime() - PICKUP_WINDOW_MINUTES * 60_000).toISOString()}::timestamptz`
  const ended = and(wasApproved, windowEnded)!
  const key =
    grouping === 'month'
      ? monthOf(allOrders.pickupAt)
      : grouping === 'district'
        ? sql<string>`${listings.pickupDistrict}`
        : sql<string>`'all'`
  const since = grouping === 'month' ? gte(allOrders.pickupAt, monthStart(now, MONTHS - 1)) : undefined
  return db
    .select({
      key,
      ended: tally(ended),
      collected: tally(and(ended, isCompleted)),
      handedOver: tally(and(isCompleted, isNotNull(allOrders.handoverVerified))),
      verified: tally(and(isCompleted, eq(allOrders.handoverVerified, true))),
      toCollect: medianMinutes(
        minutesBetween(sql`${allOrders.decidedAt}`, sql`${allOrders.completedAt}`),
        and(isCompleted, isNotNull(allOrders.decidedAt), isNotNull(allOrders.completedAt))!,
      ),
      kg: sql<number>`coalesce(sum(${allOrders.weightKg}) filter (where ${isCompleted}), 0)`.mapWith(Number),
      servings: servingsWhere(isCompleted),
      standingServings: servingsWhere(and(isCompleted, throughStanding)!),
    })
    .from(allOrders)
    .innerJoin(listings, eq(listings.id, allOrders.listingId))
    .where(and(where, since))
    .groupBy(...groupingBy(grouping, key))
}

/** Minutes from each listing's posting to its first order (any order, whatever became of it). */
async function firstOrderFigures(db: Database, now: Date, grouping: Grouping, where: SQL | undefined) {
  const first = db
    .select({ listingId: allOrders.listingId, at: min(allOrders.createdAt).as('first_order_at') })
    .from(allOrders)
    .groupBy(allOrders.listingId)
    .as('first_orders')
  const key =
    grouping === 'month'
      ? monthOf(listings.createdAt)
      : grouping === 'district'
        ? sql<string>`${listings.pickupDistrict}`
        : sql<string>`'all'`
  const since = grouping === 'month' ? gte(listings.createdAt, monthStart(now, MONTHS - 1)) : undefined
  return db
    .select({
      key,
      toFirstOrder: medianMinutes(minutesBetween(listings.createdAt, sql`${first.at}`), sql`true`),
    })
    .from(listings)
    .innerJoin(first, eq(first.listingId, listings.id))
    .where(and(where, since))
    .groupBy(...groupingBy(grouping, key))
}

type OrderRow = Awaited<ReturnType<typeof orderFigures>>[number]

function figuresOf(orders: OrderRow | undefined, toFirstOrder: number | null | undefined): OutcomeFigures {
  return {
    pickupSuccessRate: ratePercent(orders?.collected ?? 0, orders?.ended ?? 0),
    verifiedHandoverRate: ratePercent(orders?.verified ?? 0, orders?.handedOver ?? 0),
    medianMinutesToFirstOrder: toFirstOrder ?? null,
    medianMinutesToCollect: orders?.toCollect ?? null,
    kgRescued: Math.round((orders?.kg ?? 0) * 10) / 10,
    standingShare: ratePercent(orders?.standingServings ?? 0, orders?.servings ?? 0),
  }
}

async function grouped(db: Database, now: Date, grouping: Grouping, where: SQL | undefined) {
  const [orders, firsts] = await Promise.all([
    orderFigures(db, now, grouping, where),
    firstOrderFigures(db, now, grouping, where),
  ])
  const orderBy = new Map(orders.map((r) => [r.key, r]))
  const firstBy = new Map(firsts.map((r) => [r.key, r.toFirstOrder]))
  return (key: string) => figuresOf(orderBy.get(key), firstBy.get(key))
}

/** The outcome figures of one donor's listings and the orders on them (their dashboard). */
export async function donorOutcomes(
  db: Database,
  donorId: string,
  now = new Date(),
): Promise<OutcomeFigures> {
  return (await grouped(db, now, 'all', eq(listings.donorId, donorId)))('all')
}

/** The community's outcome figures: overall, by month and by district (the impact page). */
export async function outcomeFigures(db: Database, now = new Date()): Promise<Outcomes> {
  const [overall, byMonth, byDistrict] = await Promise.all([
    grouped(db, now, 'all', undefined),
    grouped(db, now, 'month', undefined),
    grouped(db, now, 'district', undefined),
  ])
  return {
    overall: overall('all'),
    byMonth: lastMonthKeys(now, MONTHS).map((month) => ({ month, ...byMonth(month) })),
    byDistrict: DISTRICT_NAMES.map((district) => ({ district, ...byDistrict(district) })),
  }
}
