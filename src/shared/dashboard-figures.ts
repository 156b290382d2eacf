import {
  co2SavedKg,
  donorImpactScore,
  familiesSupported,
  mealsDelivered,
  peopleReached,
  volunteerHours,
  wastePreventedKg,
  waterSavedLitres,
} from './impact'

/**
 * The figures of the three dashboards, from counts the server reads
 * in SQL. Each is a pure function so that every formula is unit-tested.
 */

/** Per completed delivery: 8 km travelled (estimate); its CO2 is that of its meals. */
export const KM_PER_DELIVERY = 8
export const RECENT_ITEMS = 5
export const MONTHS_OF_PROGRESS = 6
export const MAX_STARS = 5

const round1 = (value: number) => Math.round(value * 10) / 10

/** Donor: meals shared (servings collected), impact score, environmental and community figures. */
export function donorFigures(counts: { mealsShared: number; completedDonations: number }) {
  const meals = counts.mealsShared
  return {
    mealsShared: meals,
    impactScore: donorImpactScore(meals, counts.completedDonations),
    environment: {
      co2SavedKg: co2SavedKg(meals),
      waterSavedLitres: waterSavedLitres(meals),
      wastePreventedKg: wastePreventedKg(meals),
    },
    community: { peopleHelped: peopleReached(meals), familiesSupported: familiesSupported(meals) },
  }
}

/** Recipient: meals received = servings of their requests + one per claim. */
export function mealsReceived(requestServings: number, claims: number): number {
  return requestServings + claims
}

/**
 * Recipient: money saved in LKR = the sum of their requests' total prices. Half-price food
 * saves as much as the recipient pays for it.
 */
export function moneySaved(requestTotals: readonly number[]): number {
  return requestTotals.reduce((sum, total) => sum + total, 0)
}

/** Stars (1 to 5) of a favourite category: its orders against the most ordered category's. */
export function categoryStars(count: number, maxCount: number): number {
  if (count <= 0 || maxCount <= 0) return 0
  return Math.min(MAX_STARS, Math.max(1, Math.round((count / maxCount) * MAX_STARS)))
}

/** Volunteer: what their completed deliveries did (2 meals, so 2 x 0.5 kg CO2, and 8 km each). */
export function volunteerImpact(completedDeliveries: number) {
  const meals = mealsDelivered(completedDeliveries)
  return {
    mealsDelivered: meals,
    co2SavedKg: co2SavedKg(meals),
    distanceKm: completedDeliveries * KM_PER_DELIVERY,
  }
}

/** Volunteer, this month: deliveries completed, hours and people helped (meals / 2, rounded up). */
export function volunteerMonth(completedThisMonth: number) {
  return {
    completed: completedThisMonth,
    hours: volunteerHours(completedThisMonth),
    peopleHelped: peopleReached(mealsDelivered(completedThisMonth)),
  }
}

/** The average of the recipients' ratings to one decimal; null until a delivery is rated (never a fixed 4.8). */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null
  return round1(sum / count)
}

/** Bars of monthly progress: each month's value as a percentage of the best month (0 when all are 0). */
export function progressPercents(values: readonly number[]): number[] {
  const max = Math.max(0, ...values)
  return values.map((v) => (max > 0 ? Math.round((v / max) * 100) : 0))
}
