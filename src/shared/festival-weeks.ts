/**
 * Vesak and Poson weeks, when dansal stalls line the roads (docs/decisions/0056-dansal-and-monthly-reports.md).
 * The Poya days follow the full moons of May and June; the government's calendar may name a Poya a
 * day before the astronomical full moon, or move Vesak a month in a year with an extra month, so a
 * week is the full moon's Sri Lankan date and three days either side, for every full moon dated in
 * May or June.
 */
import { SRI_LANKA_OFFSET_MINUTES } from './sri-lanka-time'

const DAY_MS = 86_400_000
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** The instant of the k-th full moon after January 2000 (Meeus, Astronomical Algorithms, ch. 49; within minutes). */
export function fullMoon(k: number): Date {
  const n = k + 0.5
  const t = n / 1236.85
  const e = 1 - 0.002516 * t
  const m = rad(2.5534 + 29.1053567 * n - 0.0000014 * t * t)
  const mm = rad(201.5643 + 385.81693528 * n + 0.0107582 * t * t)
  const f = rad(160.7108 + 390.67050284 * n - 0.0016118 * t * t)
  const jde =
    2451550.09766 +
    29.530588861 * n +
    0.00015437 * t * t -
    0.40614 * Math.sin(mm) +
    0.17302 * e * Math.sin(m) +
    0.01614 * Math.sin(2 * mm) +
    0.01043 * Math.sin(2 * f) +
    0.00734 * e * Math.sin(mm - m) -
    0.00515 * e * Math.sin(mm + m) +
    0.00209 * e * e * Math.sin(2 * m) -
    0.00111 * Math.sin(mm - 2 * f) -
    0.00057 * Math.sin(mm + 2 * f) +
    0.00056 * e * Math.sin(2 * mm + m) -
    0.00042 * Math.sin(3 * mm)
  return new Date((jde - 2440587.5) * DAY_MS)
}

/** The Sri Lankan calendar day (as UTC midnight of that date) of an instant. */
const sriLankaDay = (instant: Date) =>
  Math.floor((instant.getTime() + SRI_LANKA_OFFSET_MINUTES * 60_000) / DAY_MS) * DAY_MS

/** The Sri Lankan dates (YYYY-MM-DD) of the full moons of May and June of `year`. */
export function festivalFullMoons(year: number): string[] {
  const firstK = Math.floor((year - 2000) * 12.3685) + 2
  const dates: string[] = []
  for (let k = firstK; k < firstK + 5; k++) {
    const date = new Date(sriLankaDay(fullMoon(k))).toISOString().slice(0, 10)
    if (date.startsWith(`${year}-05`) || date.startsWith(`${year}-06`)) dates.push(date)
  }
  return dates
}

/** Whether the Sri Lankan day of `now` falls within three days of a Vesak or Poson full moon. */
export function isVesakOrPosonWeek(now: Date): boolean {
  const today = sriLankaDay(now)
  const year = new Date(today).getUTCFullYear()
  return festivalFullMoons(year).some((date) => Math.abs(Date.parse(date) - today) <= 3 * DAY_MS)
}
