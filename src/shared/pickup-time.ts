/**
 * When food may be picked up: inside the listing's pickup window when it has one, else between now
 * and its expiry, never in the past and never at or after the expiry. The server refuses other times
 * with these keys and the order dialogs offer only the times it would accept.
 */
import { PICKUP_WINDOW_MINUTES } from './reference-data'
import { SRI_LANKA_OFFSET_MINUTES, sriLankaInstant, sriLankaParts } from './sri-lanka-time'

const MINUTE_MS = 60_000

export type PickupListing = {
  pickupDate: string | null
  pickupTimeStart: string | null
  pickupTimeEnd: string | null
  expiresAt: Date | string
}

/** i18n keys of the refusals. */
export const PICKUP_PROBLEMS = {
  past: 'orders.errors.pickupTimeInPast',
  outsideWindow: 'orders.errors.pickupOutsideWindow',
  afterExpiry: 'orders.errors.pickupAfterExpiry',
} as const
export type PickupProblem = (typeof PICKUP_PROBLEMS)[keyof typeof PICKUP_PROBLEMS]

/** The listing's pickup window as instants; the end is on the next day when it is before the start. */
export function pickupWindow(listing: PickupListing): { start: Date; end: Date } | null {
  const { pickupDate, pickupTimeStart, pickupTimeEnd } = listing
  if (!pickupDate || !pickupTimeStart || !pickupTimeEnd) return null
  const start = sriLankaInstant(pickupDate, pickupTimeStart)
  let end = sriLankaInstant(pickupDate, pickupTimeEnd)
  if (end.getTime() <= start.getTime()) end = new Date(end.getTime() + 1440 * MINUTE_MS)
  return { start, end }
}

/**
 * Whether a donor's pickup window, from its Sri Lankan date and start time, has already ended at
 * `now`: the window lasts an hour (the server stores its end), so 18:00 is refused at 19:10.
 */
export function pickupWindowEnded(date: string, start: string, now: Date = new Date()): boolean {
  return sriLankaInstant(date, start).getTime() + PICKUP_WINDOW_MINUTES * MINUTE_MS <= now.getTime()
}

const floorToMinute = (instant: Date) => new Date(Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS)

/** Why `pickupAt` is refused (an i18n key), or null when it is accepted. The current minute counts as now. */
export function pickupProblem(
  listing: PickupListing,
  pickupAt: Date,
  now: Date = new Date(),
): PickupProblem | null {
  const at = pickupAt.getTime()
  if (at < floorToMinute(now).getTime()) return PICKUP_PROBLEMS.past
  const window = pickupWindow(listing)
  if (window && (at < window.start.getTime() || at > window.end.getTime()))
    return PICKUP_PROBLEMS.outsideWindow
  if (at >= new Date(listing.expiresAt).getTime()) return PICKUP_PROBLEMS.afterExpiry
  return null
}

/** Sri Lankan dates ('YYYY-MM-DD') with the times ('HH:MM') offered on each, in order. */
export type PickupSlots = { date: string; times: string[] }[]

/** At most this many days are offered (food kept longer is still picked up within them). */
export const MAX_PICKUP_DAYS = 14

/**
 * The pickup times the dialogs offer: every `stepMinutes` on the clock inside the allowed range, and
 * the range's first minute when it is not on a step, so a short range still offers a time. Each
 * one passes pickupProblem.
 */
export function pickupSlots(listing: PickupListing, now: Date = new Date(), stepMinutes = 15): PickupSlots {
  const window = pickupWindow(listing)
  const firstMinute = Math.max(
    floorToMinute(now).getTime(),
    window ? window.start.getTime() : Number.NEGATIVE_INFINITY,
  )
  const lastMinute = Math.min(
    Math.ceil(new Date(listing.expiresAt).getTime() / MINUTE_MS) * MINUTE_MS - MINUTE_MS,
    window ? window.end.getTime() : Number.POSITIVE_INFINITY,
    firstMinute + MAX_PICKUP_DAYS * 1440 * MINUTE_MS,
  )
  const slots: PickupSlots = []
  const add = (instant: number) => {
    const { date, time } = sriLankaParts(new Date(instant))
    const last = slots.at(-1)
    if (last?.date === date) last.times.push(time)
    else slots.push({ date, times: [time] })
  }
  const step = stepMinutes * MINUTE_MS
  // Steps are counted on the Sri Lankan clock (:00, :15, ...), not on UTC's.
  const offset = SRI_LANKA_OFFSET_MINUTES * MINUTE_MS
  const firstStep = Math.ceil((firstMinute + offset) / step) * step - offset
  if (firstMinute <= lastMinute && firstStep !== firstMinute) add(firstMinute)
  for (let instant = firstStep; instant <= lastMinute; instant += step) add(instant)
  return slots
}
