/**
 * The cooked-food clock: until when cooked food may be shared, from when it was cooked and how it is
 * kept. Each rule quotes the Safety page (info-pages.json, safety.*) it applies; the server stores
 * the result and the web shows it as "Eat by 14:30" (docs/decisions/0049-cooked-food-clock.md).
 */
import type { FoodCategorySlug } from './reference-data'
import { SRI_LANKA_OFFSET_MINUTES, sriLankaParts } from './sri-lanka-time'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * How cooked food is kept. Safety page: "Keep hot food, such as rice and curry, above 60°C, or cool
 * it quickly and refrigerate it."; "Between 4°C and 60°C is the danger zone".
 */
export const FOOD_STORAGE = ['hot', 'chilled', 'room'] as const
export type FoodStorage = (typeof FOOD_STORAGE)[number]

/**
 * Safety page: "Cooked food must not stay at room temperature for more than 2 hours in total, and
 * not more than 1 hour when it is hotter than 32°C". Ahara does not know the day's temperature, so
 * the 2 hours are the limit; the wizard's line on keeping food says the 1 hour beside it.
 */
export const ROOM_TEMPERATURE_HOURS = 2

/**
 * Categories that are always cooked food, whatever the donor ticks: they need the clock. Other
 * categories carry it when the donor says the food is cooked.
 */
export const COOKED_CATEGORIES: readonly FoodCategorySlug[] = ['prepared-meals']

/** The refusal of cooked food already past its time (listings and orders), an i18n key. */
export const OUT_TOO_LONG = 'listings.errors.outTooLong'

/**
 * The last minute of the Sri Lankan calendar day of `instant` (23:59): "Eat by 23:59" names the day,
 * where midnight would read as the next one.
 */
export function endOfSriLankaDay(instant: Date): Date {
  const { date } = sriLankaParts(instant)
  return new Date(Date.parse(`${date}T00:00:00Z`) - SRI_LANKA_OFFSET_MINUTES * MINUTE_MS + DAY_MS - MINUTE_MS)
}

/**
 * Until when cooked food is safe to eat: 2 hours after cooking at room temperature; kept hot or
 * chilled, the end of the day it was cooked in Sri Lanka (Safety page: "Prepared food must be eaten
 * the same day it was cooked."). Never later than the donor's own expiry.
 */
export function safeUntil(preparedAt: Date, storage: FoodStorage, expiresAt: Date): Date {
  const clock =
    storage === 'room'
      ? new Date(preparedAt.getTime() + ROOM_TEMPERATURE_HOURS * HOUR_MS)
      : endOfSriLankaDay(preparedAt)
  return clock.getTime() < expiresAt.getTime() ? clock : expiresAt
}

/**
 * The clock alone, before the donor gives an expiry: what the donate wizard checks and shows on its
 * first step (docs/decisions/0049-cooked-food-clock.md).
 */
export function safeUntilByClock(preparedAt: Date, storage: FoodStorage): Date {
  return safeUntil(preparedAt, storage, new Date(8.64e15))
}

/** Cooked food whose time has come: it may no longer be listed or ordered. */
export function isOutTooLong(safe: Date | string | null, now: Date = new Date()): boolean {
  return safe !== null && new Date(safe).getTime() <= now.getTime()
}

/**
 * "Eat by 14:30" as an i18n key with its values: the time alone when it falls today in Sri Lanka,
 * with the Sri Lankan date ('YYYY-MM-DD', formatted by the reader's language) otherwise.
 */
export type EatByText =
  | { key: 'listings.eatBy.today'; time: string }
  | { key: 'listings.eatBy.onDate'; time: string; date: string }
export function eatByText(safe: Date | string, now: Date = new Date()): EatByText {
  const { date, time } = sriLankaParts(safe)
  return date === sriLankaParts(now).date
    ? { key: 'listings.eatBy.today', time }
    : { key: 'listings.eatBy.onDate', time, date }
}
