export const URGENT_THRESHOLD_HOURS = 6
const HOUR_MS = 3_600_000

type DateInput = Date | string | null | undefined

function toTime(value: DateInput): number | null {
  if (value == null) return null
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? null : time
}

/** Whole hours left before expiry (0 once expired), or null when there is no expiry. */
export function hoursRemaining(expiresAt: DateInput, now: Date = new Date()): number | null {
  const time = toTime(expiresAt)
  if (time === null) return null
  return Math.max(0, Math.floor((time - now.getTime()) / HOUR_MS))
}

export function isExpired(expiresAt: DateInput, now: Date = new Date()): boolean {
  const time = toTime(expiresAt)
  return time !== null && time <= now.getTime()
}

/** Urgent: still fresh, with 6 hours or fewer left. */
export function isUrgent(expiresAt: DateInput, now: Date = new Date()): boolean {
  const time = toTime(expiresAt)
  if (time === null || time <= now.getTime()) return false
  return time - now.getTime() <= URGENT_THRESHOLD_HOURS * HOUR_MS
}

export type ExpiryText =
  | { key: 'expiry.remaining'; hours: number }
  | { key: 'expiry.expired' }
  | { key: 'expiry.none' }

/** The card's expiry line as an i18n key with its values: '{n}h remaining', 'Expired' or 'No Expiry'. */
export function expiryText(expiresAt: DateInput, now: Date = new Date()): ExpiryText {
  const time = toTime(expiresAt)
  if (time === null) return { key: 'expiry.none' }
  if (time <= now.getTime()) return { key: 'expiry.expired' }
  return { key: 'expiry.remaining', hours: hoursRemaining(expiresAt, now) ?? 0 }
}
