/**
 * Sri Lanka keeps one time zone all year (UTC+05:30, no daylight saving). Dates and times that donors
 * type (pickup, expiry) are read in it, whatever the zone of the browser or the server.
 */
export const SRI_LANKA_OFFSET_MINUTES = 330
export const SRI_LANKA_TIME_ZONE = 'Asia/Colombo'
const MINUTE_MS = 60_000

/** Years 1000 to 9999: year 0 does not exist in PostgreSQL, and a fifth digit is not a date field's. */
const DATE_RE = /^[1-9]\d{3}-\d{2}-\d{2}$/
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/

/** A real calendar date as 'YYYY-MM-DD' (no 2026-02-30, no year 0000 or 10000). */
export function isDateText(value: string): boolean {
  if (!DATE_RE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function isTimeText(value: string): boolean {
  return TIME_RE.test(value)
}

/** The instant of a Sri Lankan wall-clock date ('YYYY-MM-DD') and time ('HH:MM'). */
export function sriLankaInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`)
}

/** The Sri Lankan date and time of an instant, as the form fields show them. */
export function sriLankaParts(instant: Date | string): { date: string; time: string } {
  const shifted = new Date(new Date(instant).getTime() + SRI_LANKA_OFFSET_MINUTES * MINUTE_MS).toISOString()
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) }
}

/** Today's date in Sri Lanka ('YYYY-MM-DD'): the minimum of the date pickers. */
export function sriLankaToday(now: Date = new Date()): string {
  return sriLankaParts(now).date
}

/**
 * The last date a form may name: one year from today in Sri Lanka ('YYYY-MM-DD'; compared as text,
 * so Feb 29 of a year without one still works as a bound). Food, pickups, deliveries and events are
 * never planned further ahead, and '9999-12-31' is a mistake or a probe
 * (docs/decisions/0045-hardening-after-outside-test.md).
 */
export function sriLankaLastPlannableDate(now: Date = new Date()): string {
  const today = sriLankaToday(now)
  return `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`
}

/** A date from today to one year ahead (Sri Lanka time). */
export function isPlannableDate(value: string, now: Date = new Date()): boolean {
  return value >= sriLankaToday(now) && value <= sriLankaLastPlannableDate(now)
}

/** 'HH:MM' plus whole minutes, wrapping past midnight (the end of the one-hour pickup window). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}
