/**
 * Impact formulas (DESIGN 4.7): every figure shown is computed from real meals with these factors.
 */
export const CO2_KG_PER_MEAL = 0.5
export const WATER_LITRES_PER_MEAL = 2.1
export const WASTE_KG_PER_MEAL = 0.3

const round1 = (value: number) => Math.round(value * 10) / 10

/** Food waste kept out of landfill, in kg (0.3 kg per meal). */
export function foodWasteSavedKg(meals: number): number {
  return round1(meals * WASTE_KG_PER_MEAL)
}

/** CO2 emissions avoided, in kg (0.5 kg per meal). */
export function co2ReducedKg(meals: number): number {
  return round1(meals * CO2_KG_PER_MEAL)
}

/** Water saved, in litres (2.1 L per meal). */
export function waterSavedLitres(meals: number): number {
  return round1(meals * WATER_LITRES_PER_MEAL)
}

/** A user's impact score: meals x 10 + completed donations or deliveries x 5. */
export function impactScore(meals: number, completed: number): number {
  return meals * 10 + completed * 5
}

/**
 * "This month" and "last month" of a trend: the last 30 days and the 30 days before them, so a trend
 * early in a calendar month does not compare a few days with a whole month.
 */
export const TREND_WINDOW_DAYS = 30

/**
 * This month against last month as a whole percentage (rounded), or null when last month had
 * nothing to compare with: a trend is then hidden, never invented.
 */
export function trendPercent(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth <= 0) return null
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100)
}
