import { type AnyColumn, and, eq, isNotNull, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { type PgTable, QueryBuilder } from 'drizzle-orm/pg-core'
import { monthStart, type ScoreWeights } from '../../../shared/impact'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import { claims, deliveries, foodRequests, listings, users } from '../../db/schema'

/**
 * The named query fragments every figure is built from, one definition each. They reference the
 * schema's columns, so renaming a column breaks the build instead of a page. The formulas applied
 * to the counts (CO2, water, waste, people, scores) are those of src/shared/impact.ts.
 */

const qb = new QueryBuilder()

/** A column, or an expression or a subquery's field. */
type Operand = AnyColumn | SQLWrapper

const filtered = (where: SQL | undefined) => (where ? sql` filter (where ${where})` : sql``)

/** Rows counted, optionally only those matching `where`. */
export const tally = (where?: SQL) => sql<number>`count(*)${filtered(where)}::int`.mapWith(Number)

/** Non-null values of `value` counted (a left join's missing rows are null). */
export const countOf = (value: Operand, where?: SQL) =>
  sql<number>`count(${value})${filtered(where)}::int`.mapWith(Number)

export const distinctCount = (value: Operand, where?: SQL) =>
  sql<number>`count(distinct ${value})${filtered(where)}::int`.mapWith(Number)

/** The sum of `value`, 0 when nothing matches. */
export const total = (value: Operand, where?: SQL) =>
  sql<number>`coalesce(sum(${value})${filtered(where)}, 0)::int`.mapWith(Number)

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** `column` at or after `start`; no condition when `start` is null (all time). */
export const since = (column: Operand, start: Date | null) =>
  start ? sql`${column} >= ${instant(start)}` : undefined

/**
 * `column` within the Sri Lankan month `monthsBack` months before the current one (0: this month,
 * up to now; 1: last month).
 */
export function inMonth(column: Operand, now: Date, monthsBack = 0): SQL {
  const start = sql`${column} >= ${instant(monthStart(now, monthsBack))}`
  return monthsBack === 0 ? start : sql`${start} and ${column} < ${instant(monthStart(now, monthsBack - 1))}`
}

/** `figure` in all, in this Sri Lankan month and in last month, the months read from `at`. */
export function overMonths<T>(figure: (where?: SQL) => T, at: Operand, now: Date) {
  return { total: figure(), thisMonth: figure(inMonth(at, now)), lastMonth: figure(inMonth(at, now, 1)) }
}

/**
 * 'YYYY-MM' of an instant in Sri Lanka time. The zone is a constant written into the SQL, so the
 * same expression can be selected and grouped by.
 */
export const monthOf = (column: Operand) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${SRI_LANKA_TIME_ZONE}'`)}, 'YYYY-MM')`

/**
 * A column under a name of the query's own, so that the branches of a union line up. Drizzle writes a
 * subquery's fields unqualified, so the name must be unique within the outer query (order_quantity,
 * not quantity, beside listings.quantity).
 */
export const named = <T extends AnyColumn>(column: T, name: string) =>
  sql<T['_']['data']>`${column}`.mapWith(column).as(name)

export const avatarUrl = sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`

// Orders: claims and food requests ---------------------------------------------------------------

/** Claims and food requests as one set, each branch filtered by `where` on its own columns. */
function ordersWhere(name: string, where: (order: typeof claims | typeof foodRequests) => SQL | undefined) {
  return qb
    .select({
      // Not 'order_id': standing_reservations has a column of that name (outcomes.ts reads both).
      id: named(claims.id, 'order_row_id'),
      listingId: named(claims.listingId, 'order_listing_id'),
      userId: named(claims.claimantId, 'order_user_id'),
      status: named(claims.status, 'order_status'),
      quantity: named(claims.quantity, 'order_quantity'),
      createdAt: named(claims.createdAt, 'order_created_at'),
      decidedAt: named(claims.decidedAt, 'order_decided_at'),
      completedAt: named(claims.completedAt, 'order_completed_at'),
      pickupAt: named(claims.pickupAt, 'order_pickup_at'),
      noShowAt: named(claims.noShowAt, 'order_no_show_at'),
      handoverVerified: named(claims.handoverVerified, 'order_handover_verified'),
      weightKg: named(claims.weightKg, 'order_weight_kg'),
    })
    .from(claims)
    .where(where(claims))
    .unionAll(
      qb
        .select({
          id: named(foodRequests.id, 'order_row_id'),
          listingId: named(foodRequests.listingId, 'order_listing_id'),
          userId: named(foodRequests.requesterId, 'order_user_id'),
          status: named(foodRequests.status, 'order_status'),
          quantity: named(foodRequests.quantity, 'order_quantity'),
          createdAt: named(foodRequests.createdAt, 'order_created_at'),
          decidedAt: named(foodRequests.decidedAt, 'order_decided_at'),
          completedAt: named(foodRequests.completedAt, 'order_completed_at'),
          pickupAt: named(foodRequests.pickupAt, 'order_pickup_at'),
          noShowAt: named(foodRequests.noShowAt, 'order_no_show_at'),
          handoverVerified: named(foodRequests.handoverVerified, 'order_handover_verified'),
          weightKg: named(foodRequests.weightKg, 'order_weight_kg'),
        })
        .from(foodRequests)
        .where(where(foodRequests)),
    )
    .as(name)
}

/** Every order, whatever its status. */
export const allOrders = ordersWhere('all_orders', () => undefined)

/**
 * Orders collected: their servings reached someone. Approved food that nobody took is not shared
 * (docs/decisions/0048-outcomes-not-offers.md); a collected order counts in the month it was collected.
 */
export const collectedOrders = ordersWhere('collected_orders', (o) => eq(o.status, 'completed'))

/** **Meals shared** (home, impact page, donors' dashboards and scores): servings collected. */
export const mealsShared = (where?: SQL) => total(collectedOrders.quantity, where)

/** An order the recipient collected: what scores a recipient. */
export const isCollected = (status: Operand) => sql`${status} = ${'completed'}`

/** An order still standing (cancelled ones count for nothing on the dashboards). */
export const isNotCancelled = (status: Operand) => sql`${status} <> ${'cancelled'}`

// Listings -----------------------------------------------------------------------------------------

/** The listing has an order someone collected (a claim or a food request). */
const hasCollectedOrder = sql`(exists (select 1 from ${claims} where ${claims.listingId} = ${listings.id} and ${claims.status} = ${'completed'})
  or exists (select 1 from ${foodRequests} where ${foodRequests.listingId} = ${listings.id} and ${foodRequests.status} = ${'completed'}))`

/**
 * **Completed donations** (donors' scores, badges and dashboards): completed listings whose food
 * moved. A listing the donor marks completed by hand earns nothing unless one of its orders was
 * collected (docs/decisions/0048-outcomes-not-offers.md).
 */
export const isCompletedDonation = and(eq(listings.status, 'completed'), hasCollectedOrder)!
export const completedDonations = tally(isCompletedDonation)

// Deliveries ---------------------------------------------------------------------------------------

export const isCompletedDelivery = eq(deliveries.status, 'completed')
/** Completed deliveries (a left join's missing deliveries count 0). */
export const completedDeliveries = countOf(deliveries.id, isCompletedDelivery)
/** Deliveries a volunteer took on and did not cancel. */
export const deliveriesTaken = countOf(deliveries.id, ne(deliveries.status, 'cancelled'))

// Users --------------------------------------------------------------------------------------------

/** **Members**: every user who finished signing up (has a role). */
export const isMember = isNotNull(users.role)
/** Businesses (restaurants, hotels, bakeries...) that donate; home donors are not partners. */
export const isPartnerBusiness = and(
  eq(users.role, 'donor'),
  isNotNull(users.donorType),
  ne(users.donorType, 'home'),
)

/**
 * What makes a user active: posting a listing, ordering, asking for a delivery or accepting one,
 * from `start` on. **Active users** of a month are the distinct users with activity in it.
 */
export function activitySince(start: Date) {
  const branch = (table: PgTable, userId: AnyColumn, at: AnyColumn, where = since(at, start)) =>
    qb
      .select({
        userId: sql<string>`${userId}`.as('active_user_id'),
        at: sql<Date>`${at}`.mapWith(at).as('active_at'),
      })
      .from(table)
      .where(where)
  return branch(listings, listings.donorId, listings.createdAt)
    .unionAll(branch(claims, claims.claimantId, claims.createdAt))
    .unionAll(branch(foodRequests, foodRequests.requesterId, foodRequests.createdAt))
    .unionAll(branch(deliveries, deliveries.requesterId, deliveries.createdAt))
    .unionAll(
      branch(
        deliveries,
        deliveries.volunteerId,
        deliveries.assignedAt,
        and(isNotNull(deliveries.volunteerId), since(deliveries.assignedAt, start)),
      ),
    )
    .as('activity')
}

// Scores -------------------------------------------------------------------------------------------

/** A score in SQL from the weights of src/shared/impact.ts and one SQL count per weight. */
export function scoreSql<K extends string>(weights: ScoreWeights<K>, counts: Readonly<Record<K, SQL>>): SQL {
  return sql.join(
    (Object.keys(weights) as K[]).map((key) => sql`${counts[key]} * ${sql.raw(String(weights[key]))}`),
    sql` + `,
  )
}
