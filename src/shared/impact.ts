import { SRI_LANKA_OFFSET_MINUTES } from './sri-lanka-time'

/**
 * Impact formulas (docs/decisions/0012-figures-are-real.md, 0019-metrics.md). Every figure the community and impact pages
 * show is computed from the data with these functions; none is a fixed placeholder.
 */

/** Per meal (serving) shared. */
export const CO2_KG_PER_MEAL = 0.5
export const WATER_LITRES_PER_MEAL = 2.1
export const WASTE_KG_PER_MEAL = 0.3

/** Equivalences of CO2, shown as estimates: a tree absorbs about 21 kg of CO2 a year; a car emits about 0.12 kg per km. */
export const CO2_KG_PER_TREE_YEAR = 21
export const CO2_KG_PER_CAR_KM = 0.12

export const VOLUNTEER_HOURS_PER_DELIVERY = 1.5
/** A completed delivery counts 2 meals delivered (docs/decisions/0019-metrics.md). */
export const MEALS_PER_DELIVERY = 2

export const POINTS_PER_MEAL = 10
export const POINTS_PER_COMPLETED = 5
/** A completed delivery: its 2 meals (x 10) plus the completed hand-over (5), like a donor's listing. */
export const POINTS_PER_DELIVERY = MEALS_PER_DELIVERY * POINTS_PER_MEAL + POINTS_PER_COMPLETED

const round1 = (value: number) => Math.round(value * 10) / 10

/**
 * Each role's impact score is a sum of counts x points. These weights are its one definition: the
 * functions below apply them in TypeScript and the server's metrics module in SQL (the leaderboard
 * ranks in SQL), so a dashboard's score and the leaderboard's always agree.
 */
export type ScoreWeights<K extends string> = Readonly<Record<K, number>>

/**
 * Donor: servings collected from their listings x 10 + completed donations x 5. Collected, not
 * offered: food nobody took earns nothing (docs/decisions/0048-outcomes-not-offers.md).
 */
export const DONOR_SCORE = {
  servingsCollected: POINTS_PER_MEAL,
  completedDonations: POINTS_PER_COMPLETED,
} as const satisfies ScoreWeights<string>
/** Volunteer: 25 points per completed delivery (2 meals x 10 + 5). */
export const VOLUNTEER_SCORE = {
  completedDeliveries: POINTS_PER_DELIVERY,
} as const satisfies ScoreWeights<string>
/**
 * Recipient: 5 points per order (claim or request) they collected, the points a donor earns for a
 * completed donation. How much food was taken earns nothing, so taking more never ranks higher;
 * collecting what was reserved (food that would otherwise be wasted) does.
 */
export const RECIPIENT_SCORE = {
  collectedOrders: POINTS_PER_COMPLETED,
} as const satisfies ScoreWeights<string>

export function weightedScore<K extends string>(
  weights: ScoreWeights<K>,
  counts: Readonly<Record<K, number>>,
): number {
  return (Object.keys(weights) as K[]).reduce((score, key) => score + weights[key] * counts[key], 0)
}

/** Donor impact score: meals shared (servings collected from their listings) x 10 + completed donations x 5. */
export function donorImpactScore(mealsShared: number, completedDonations: number): number {
  return weightedScore(DONOR_SCORE, { servingsCollected: mealsShared, completedDonations })
}

/** Volunteer impact score: 25 points per completed delivery (2 meals x 10 + 5). */
export function volunteerImpactScore(completedDeliveries: number): number {
  return weightedScore(VOLUNTEER_SCORE, { completedDeliveries })
}

/** Recipient impact score: 5 points per order they collected (see RECIPIENT_SCORE). */
export function recipientImpactScore(completedOrders: number): number {
  return weightedScore(RECIPIENT_SCORE, { collectedOrders: completedOrders })
}

/** Meals a volunteer's completed deliveries carried: 2 each. */
export function mealsDelivered(completedDeliveries: number): number {
  return completedDeliveries * MEALS_PER_DELIVERY
}

/** 1.5 hours per completed delivery. */
export function volunteerHours(completedDeliveries: number): number {
  return round1(completedDeliveries * VOLUNTEER_HOURS_PER_DELIVERY)
}

export function co2SavedKg(meals: number): number {
  return round1(meals * CO2_KG_PER_MEAL)
}
export function waterSavedLitres(meals: number): number {
  return round1(meals * WATER_LITRES_PER_MEAL)
}
export function wastePreventedKg(meals: number): number {
  return round1(meals * WASTE_KG_PER_MEAL)
}
/** Trees that would absorb this much CO2 in a year (estimate). */
export function treeYearsEquivalent(co2Kg: number): number {
  return round1(co2Kg / CO2_KG_PER_TREE_YEAR)
}
/** Kilometres a petrol car would not drive for this much CO2 (estimate). */
export function carKmEquivalent(co2Kg: number): number {
  return Math.round(co2Kg / CO2_KG_PER_CAR_KM)
}
/** People reached: meals / 2 rounded up. */
export function peopleReached(meals: number): number {
  return Math.ceil(meals / 2)
}
/** Families supported: meals / 4 rounded up. */
export function familiesSupported(meals: number): number {
  return Math.ceil(meals / 4)
}

/**
 * Month-over-month change in percent (whole number): what was added this month against what was added
 * last month. null when last month is 0 (no trend to show).
 */
export function trendPercent(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth <= 0) return null
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100)
}

/** `part` of `whole` in whole percent; null when there is no whole to measure. */
export function ratePercent(part: number, whole: number): number | null {
  if (whole <= 0) return null
  return Math.round((part / whole) * 100)
}

/** Deliveries completed at or before their delivery time, in percent; null when none is completed. */
export function onTimeRate(onTime: number, completed: number): number | null {
  return ratePercent(onTime, completed)
}

/**
 * Stops per completed run, one decimal; null before the first (docs/decisions/0071-volunteer-runs.md):
 * a run of one delivery has 2, of four 8.
 */
export function stopsPerRun(stops: number, runs: number): number | null {
  return runs === 0 ? null : Math.round((stops / runs) * 10) / 10
}

/** Km ridden on completed runs per serving they delivered, two decimals; null before the first. */
export function kmPerServing(km: number, servings: number): number | null {
  return servings === 0 ? null : Math.round((km / servings) * 100) / 100
}

export const LEADERBOARD_PERIODS = ['month', 'year', 'all'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]
export const LEADERBOARD_SIZE = 10

const OFFSET_MS = SRI_LANKA_OFFSET_MINUTES * 60_000

/** The start of the month `monthsBack` months before the current one, at midnight in Sri Lanka. */
export function monthStart(now: Date, monthsBack = 0): Date {
  const local = new Date(now.getTime() + OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - OFFSET_MS)
}

/** The first instant of a leaderboard period in Sri Lanka time; null for all time. */
export function periodStart(period: LeaderboardPeriod, now: Date): Date | null {
  if (period === 'all') return null
  if (period === 'month') return monthStart(now)
  const local = new Date(now.getTime() + OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), 0, 1) - OFFSET_MS)
}

/** 'YYYY-MM' of an instant in Sri Lanka time. */
export function monthKey(date: Date): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 7)
}

/** The keys of the last `count` months, oldest first, ending with the current month. */
export function lastMonthKeys(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthKey(monthStart(now, count - 1 - i)))
}
