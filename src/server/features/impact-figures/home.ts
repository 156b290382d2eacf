import type { Actor } from '../../../shared/actor'
import { co2SavedKg, monthStart, trendPercent, wastePreventedKg } from '../../../shared/impact'
import type { Home } from '../../../shared/schemas/home'
import type { Database } from '../../db/client'
import { latestAvailableListings } from '../listings/service'
import { latestStories } from '../stories/service'
import { activitySince, collectedOrders, distinctCount, inMonth, mealsShared, overMonths } from './figures'
import { rememberedFor } from './remembered'

/** Meals shared in all, this Sri Lankan month and last month. */
export async function mealsSharedWithMonths(db: Database, now: Date) {
  const [row] = await db
    .select(overMonths(mealsShared, collectedOrders.completedAt, now))
    .from(collectedOrders)
  return row ?? { total: 0, thisMonth: 0, lastMonth: 0 }
}

/** Active users: distinct users with activity this Sri Lankan month, and last month. */
export async function activeUsers(db: Database, now: Date) {
  const activity = activitySince(monthStart(now, 1))
  const [row] = await db
    .select({
      thisMonth: distinctCount(activity.userId, inMonth(activity.at, now)),
      lastMonth: distinctCount(activity.userId, inMonth(activity.at, now, 1)),
    })
    .from(activity)
  return row ?? { thisMonth: 0, lastMonth: 0 }
}

/** The home page's four impact cards, computed from the data. */
export async function homeFigures(db: Database, now: Date): Promise<Home['impact']> {
  // Trends: this calendar month against the last one, in Sri Lanka time (docs/decisions/0012-figures-are-real.md).
  const [meals, active] = await Promise.all([mealsSharedWithMonths(db, now), activeUsers(db, now)])
  const mealsTrend = trendPercent(meals.thisMonth, meals.lastMonth)
  return {
    mealsShared: { value: meals.total, trendPercent: mealsTrend },
    activeUsers: {
      value: active.thisMonth,
      trendPercent: trendPercent(active.thisMonth, active.lastMonth),
    },
    // Waste and CO2 are proportional to meals, so their trend is the meals' trend.
    foodWasteSavedKg: { value: wastePreventedKg(meals.total), trendPercent: mealsTrend },
    co2ReducedKg: { value: co2SavedKg(meals.total), trendPercent: mealsTrend },
  }
}

/**
 * How long an instance shows the same home figures: a full computation reads every order and this
 * month's activity, too much for each visit at national scale (docs/decisions/0036-listings-at-national-scale.md).
 */
export const HOME_FIGURES_TTL_MS = 30_000

const recentHomeFigures = rememberedFor(HOME_FIGURES_TTL_MS, homeFigures)

/**
 * The home page: impact cards from real data (at most HOME_FIGURES_TTL_MS old), the first 3
 * available listings and the 2 latest stories (always current).
 */
export async function homeData(
  db: Database,
  viewer: Actor | null | undefined,
  now = new Date(),
): Promise<Home> {
  const [impact, listings, stories] = await Promise.all([
    recentHomeFigures(db, now),
    latestAvailableListings(db, 3, viewer),
    latestStories(db, 2),
  ])
  return { impact, listings, stories }
}
