/**
 * Food on a schedule: the pure rules of a standing offer's occurrences (DESIGN.md §4 item 25,
 * docs/decisions/0068-standing-arrangements.md). Days and windows are Sri Lankan wall-clock.
 */
import { SRI_LANKA_OFFSET_MINUTES, sriLankaInstant, sriLankaToday } from './sri-lanka-time'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** The donor is asked to confirm this long before the window opens. */
export const ASK_BEFORE_MINUTES = 120
/** Without an answer, the typical quantity is posted this long before the window opens. */
export const POST_BEFORE_MINUTES = 30
/** A pickup window lasts at most this long. */
export const MAX_WINDOW_MINUTES = 12 * 60
/** Missed occurrences in a row that pause a standing taker. */
export const MISSES_TO_PAUSE = 2

const DAY_MS = 86_400_000

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number]
  return h * 60 + m
}

/** The weekday of a date ('YYYY-MM-DD'), which is the same wherever it is read. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10)
}

export type Schedule = {
  days: readonly string[]
  windowStart: string
  windowEnd: string
  startsOn: string
  endsOn: string | null
  /** Paused until this date (occurrences from it on happen again); null: not paused. */
  pausedUntil: string | null
  /** Ended for good (no occurrence from then on). */
  endedAt?: Date | null
}

/** Whether the offer has an occurrence on `date` at all (its day, inside its dates, not paused). */
export function occursOn(schedule: Schedule, date: string): boolean {
  if (!schedule.days.includes(weekdayOf(date))) return false
  if (date < schedule.startsOn) return false
  if (schedule.endsOn && date > schedule.endsOn) return false
  if (schedule.pausedUntil && date < schedule.pausedUntil) return false
  if (schedule.endedAt && sriLankaInstant(date, schedule.windowStart) >= schedule.endedAt) return false
  return true
}

export const windowOpens = (date: string, s: Pick<Schedule, 'windowStart'>) =>
  sriLankaInstant(date, s.windowStart)
export const windowCloses = (date: string, s: Pick<Schedule, 'windowEnd'>) =>
  sriLankaInstant(date, s.windowEnd)
/** When the donor is asked to confirm the day's quantity. */
export const askAt = (date: string, s: Pick<Schedule, 'windowStart'>) =>
  new Date(windowOpens(date, s).getTime() - ASK_BEFORE_MINUTES * 60_000)
/** When an unanswered occurrence posts with the typical quantity. */
export const postAt = (date: string, s: Pick<Schedule, 'windowStart'>) =>
  new Date(windowOpens(date, s).getTime() - POST_BEFORE_MINUTES * 60_000)

/**
 * The next `count` occurrence dates whose window has not closed at `now`, within a year; empty when
 * the offer has ended.
 */
export function nextOccurrences(schedule: Schedule, now: Date, count = 5): string[] {
  const dates: string[] = []
  const today = sriLankaToday(now)
  for (let i = 0; i < 366 && dates.length < count; i++) {
    const date = addDays(today, i)
    if (schedule.endsOn && date > schedule.endsOn) break
    if (occursOn(schedule, date) && windowCloses(date, schedule) > now) dates.push(date)
  }
  return dates
}

/**
 * The occurrence dates a sweep at `now` must look at: today and tomorrow in Sri Lanka (a window at
 * 01:00 is asked about the evening before).
 */
export function datesToSweep(now: Date): string[] {
  const today = sriLankaToday(now)
  return [today, addDays(today, 1)]
}

export type OccurrenceStep = 'ask' | 'post' | null

/** What is due for an occurrence not yet asked or posted: the question, the default posting, or nothing. */
export function dueStep(schedule: Schedule, date: string, now: Date, asked: boolean): OccurrenceStep {
  if (!occursOn(schedule, date)) return null
  if (now >= windowOpens(date, schedule)) return null
  if (now >= postAt(date, schedule)) return 'post'
  if (!asked && now >= askAt(date, schedule)) return 'ask'
  return null
}

/**
 * The RRULE of a schedule's days (the calendar feed's recurring event, its DTSTART in UTC). A window
 * that opens before 05:30 in Colombo starts the day before in UTC, so its days move back one.
 */
export function rrule(schedule: Pick<Schedule, 'days' | 'endsOn' | 'windowStart' | 'windowEnd'>): string {
  const shift = minutesOf(schedule.windowStart) < SRI_LANKA_OFFSET_MINUTES ? 6 : 0
  const shifted = schedule.days.map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d as Weekday) + shift) % 7]!)
  const byDay = WEEKDAYS.filter((d) => shifted.includes(d)).map((d) => d.slice(0, 2).toUpperCase())
  const until = schedule.endsOn
    ? `;UNTIL=${sriLankaInstant(schedule.endsOn, schedule.windowEnd)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`
    : ''
  return `FREQ=WEEKLY;BYDAY=${byDay.join(',')}${until}`
}

/**
 * Whether a taker missed the last MISSES_TO_PAUSE occurrences in a row, from their outcomes newest
 * first ('collected' | 'missed' | 'skipped'; skips are neither).
 */
export function missedInARow(outcomesNewestFirst: readonly string[]): boolean {
  const counted = outcomesNewestFirst.filter((o) => o !== 'skipped').slice(0, MISSES_TO_PAUSE)
  return counted.length === MISSES_TO_PAUSE && counted.every((o) => o === 'missed')
}

/**
 * Why a volunteer may not take `wanted` days of an arrangement (docs/decisions/0069-standing-deliveries.md):
 * a day the offer does not run (400 on the field), a day another volunteer holds (409); null when they may.
 */
export function deliveryDaysProblem(
  wanted: readonly string[],
  offerDays: readonly string[],
  heldByOthers: readonly string[],
): 'notOffered' | 'taken' | null {
  if (wanted.some((d) => !offerDays.includes(d))) return 'notOffered'
  if (wanted.some((d) => heldByOthers.includes(d))) return 'taken'
  return null
}

/** The offer's days nobody holds, in the week's order. */
export function freeDays(offerDays: readonly string[], held: readonly string[]): Weekday[] {
  return WEEKDAYS.filter((d) => offerDays.includes(d) && !held.includes(d))
}
