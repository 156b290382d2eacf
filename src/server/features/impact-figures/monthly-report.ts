/**
 * The figures of one account's monthly impact report (docs/decisions/0056-dansal-and-monthly-reports.md),
 * from the fragments the impact page uses: servings are collected orders' (mealsShared), counted in
 * the Sri Lankan month they were collected; CO2 and water by src/shared/impact.ts.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { co2SavedKg, ratePercent, waterSavedLitres } from '../../../shared/impact'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { categories, listings, organisations, standingReservations } from '../../db/schema'
import { collectedOrders, mealsShared, tally, total } from './figures'

export type MonthlyFigures = {
  servings: number
  /** Collections confirmed with the recipient's pickup code (docs/decisions/0047-pickup-codes.md). */
  verifiedHandovers: number
  /** Weight the donors recorded at the handovers; 0 when none was. */
  kg: number
  co2SavedKg: number
  waterSavedLitres: number
  /** The categories with the most servings, most first (slugs). */
  topCategories: { slug: string; servings: number }[]
  /** Verified organisations that received the donor's food, by name (never a person's). */
  organisations: string[]
  /**
   * Servings collected through standing takers' orders ÷ all servings collected, in percent; null
   * when nothing was collected (docs/decisions/0068-standing-arrangements.md).
   */
  standingShare: number | null
}

/** A standing taker's reserved order (docs/decisions/0068-standing-arrangements.md). */
const throughStanding = sql`exists (select 1 from ${standingReservations} where ${standingReservations.orderId} = ${collectedOrders.id})`

/** 'YYYY-MM' as its first and the next month's first instants, Sri Lankan midnight. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
  return { start: sriLankaInstant(`${month}-01`, '00:00'), end: sriLankaInstant(`${next}-01`, '00:00') }
}

/** One account's month: as a donor (the food of its listings) or as a recipient (what it collected). */
export async function monthlyFigures(
  db: Database,
  userId: string,
  as: 'donor' | 'recipient',
  month: string,
): Promise<MonthlyFigures> {
  const { start, end } = monthRange(month)
  const whose: SQL = as === 'donor' ? eq(listings.donorId, userId) : eq(collectedOrders.userId, userId)
  const where = and(
    whose,
    sql`${collectedOrders.completedAt} >= ${start.toISOString()}::timestamptz`,
    sql`${collectedOrders.completedAt} < ${end.toISOString()}::timestamptz`,
  )
  const base = () =>
    db
      .select({
        servings: mealsShared(),
        standingServings: mealsShared(throughStanding),
        verified: tally(eq(collectedOrders.handoverVerified, true)),
        kg: sql<number>`coalesce(sum(${collectedOrders.weightKg}), 0)`.mapWith(Number),
      })
      .from(collectedOrders)
      .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
      .where(where)
  const [[sums], byCategory, receivers] = await Promise.all([
    base(),
    db
      .select({ slug: categories.slug, servings: total(collectedOrders.quantity) })
      .from(collectedOrders)
      .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
      .innerJoin(categories, eq(categories.id, listings.categoryId))
      .where(where)
      .groupBy(categories.slug)
      .orderBy(desc(total(collectedOrders.quantity)), categories.slug)
      .limit(3),
    as === 'donor'
      ? db
          .selectDistinct({ name: organisations.name })
          .from(collectedOrders)
          .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
          .innerJoin(
            organisations,
            and(eq(organisations.userId, collectedOrders.userId), eq(organisations.isVerified, true)),
          )
          .where(where)
          .orderBy(organisations.name)
      : Promise.resolve([]),
  ])
  const servings = sums?.servings ?? 0
  return {
    servings,
    verifiedHandovers: sums?.verified ?? 0,
    kg: Math.round((sums?.kg ?? 0) * 10) / 10,
    co2SavedKg: co2SavedKg(servings),
    waterSavedLitres: waterSavedLitres(servings),
    topCategories: byCategory,
    organisations: receivers.map((row) => row.name),
    standingShare: ratePercent(sums?.standingServings ?? 0, servings),
  }
}
