/**
 * When reminders are due. An order's pickup time is an instant (the Sri Lankan date and time the
 * recipient chose, converted by sriLankaInstant); its pickup window is the hour that follows, as a
 * listing's window is one hour long. A delivery's time is an instant too.
 */
import { PICKUP_WINDOW_MINUTES } from './reference-data'
import { sriLankaParts } from './sri-lanka-time'

const MINUTE_MS = 60_000
/** The recipient (and a delivery's volunteer) hear this long before the window or the delivery. */
export const REMINDER_LEAD_MINUTES = 60
/** A confirmed order still open this long after its window ended makes the donor say if it was collected. */
export const COLLECTION_CHECK_AFTER_MINUTES = 120

/** A reminder is due from one hour before `start` until `start` (afterwards it would come too late). */
export function reminderDue(start: Date, now: Date): boolean {
  return now.getTime() >= start.getTime() - REMINDER_LEAD_MINUTES * MINUTE_MS && now < start
}

/** The latest start whose reminder is due at `now` (the sweep's SQL bound). */
export function reminderHorizon(now: Date): Date {
  return new Date(now.getTime() + REMINDER_LEAD_MINUTES * MINUTE_MS)
}

export function pickupWindowEnd(pickupAt: Date): Date {
  return new Date(pickupAt.getTime() + PICKUP_WINDOW_MINUTES * MINUTE_MS)
}

/**
 * Whether an order's pickup is over (its window has ended): only then may the donor say it was not
 * collected, since until then the recipient may still come.
 */
export function pickupIsOver(pickupAt: Date | string, now: Date): boolean {
  return now.getTime() >= pickupWindowEnd(new Date(pickupAt)).getTime()
}

/** The latest pickup time whose collection check is due at `now`. */
export function collectionCheckHorizon(now: Date): Date {
  return new Date(now.getTime() - (PICKUP_WINDOW_MINUTES + COLLECTION_CHECK_AFTER_MINUTES) * MINUTE_MS)
}

/** The Sri Lankan wall-clock time ('HH:MM') a reminder names, whatever the server's zone. */
export function reminderTime(start: Date): string {
  return sriLankaParts(start).time
}
