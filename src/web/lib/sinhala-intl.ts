/**
 * Sinhala dates for browsers whose Intl has no Sinhala data (Chromium builds ship ICU without `si`
 * and silently answer in American English). Follows CLDR's Sinhala patterns, so the text is the same
 * as where Intl knows Sinhala: "2026 ඉල් 1", "2026 ඉල් 1, 18.05", "ඉරිදා".
 */
import { dateFormat } from './intl-formats'

/** CLDR's Sinhala month names (the same in long and short form). */
const MONTHS = ['දුරුතු', 'නවම්', 'මැදින්', 'බක්', 'වෙසක්', 'පොසොන්', 'ඇසළ', 'නිකිණි', 'බිනර', 'වප්', 'ඉල්', 'උඳුවප්']
const WEEKDAYS = ['ඉරිදා', 'සඳුදා', 'අඟහරුවාදා', 'බදාදා', 'බ්‍රහස්පතින්දා', 'සිකුරාදා', 'සෙනසුරාදා']
const WEEKDAYS_SHORT = ['ඉරිදා', 'සඳුදා', 'අඟහ', 'බදාදා', 'බ්‍රහස්', 'සිකු', 'සෙන']

const supportCache = new Map<string, boolean>()

/** Whether this runtime's Intl formats dates in the locale (rather than falling back to another). */
export function intlSupports(locale: string): boolean {
  let known = supportCache.get(locale)
  if (known === undefined) {
    known = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0
    supportCache.set(locale, known)
  }
  return known
}

const pad = (n: number) => String(n).padStart(2, '0')

type Fields = {
  year: number
  month: number
  day: number
  weekday: number
  hour: number
  minute: number
  second: number
}
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }

/** The date's calendar fields in a time zone (the runtime's own when none is given). */
function fieldsOf(date: Date, timeZone: string | undefined): Fields {
  const parts = dateFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '0'
  return {
    year: Number(get('year')),
    month: Number(get('month')) - 1,
    day: Number(get('day')),
    weekday: WEEKDAY_INDEX[get('weekday')] ?? 0,
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
  }
}

function time(f: Fields, options: Intl.DateTimeFormatOptions): string {
  const hour = options.hour === '2-digit' || options.timeStyle ? pad(f.hour) : String(f.hour)
  const seconds =
    options.second || options.timeStyle === 'medium' || options.timeStyle === 'long'
      ? `.${pad(f.second)}`
      : ''
  return `${hour}.${pad(f.minute)}${seconds}`
}

export function sinhalaDate(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const f = fieldsOf(date, options.timeZone)
  const year = options.year === '2-digit' ? pad(f.year % 100) : String(f.year)
  const month = MONTHS[f.month]!
  const weekday =
    options.weekday === 'short' || options.weekday === 'narrow'
      ? WEEKDAYS_SHORT[f.weekday]!
      : WEEKDAYS[f.weekday]!
  const parts: string[] = []

  if (options.dateStyle) {
    parts.push(
      options.dateStyle === 'short'
        ? `${f.year}-${pad(f.month + 1)}-${pad(f.day)}`
        : options.dateStyle === 'full'
          ? `${f.year} ${month} ${f.day}, ${WEEKDAYS[f.weekday]}`
          : `${f.year} ${month} ${f.day}`,
    )
  } else if (options.year || options.month || options.day) {
    const numericMonth = options.month === 'numeric' || options.month === '2-digit'
    const datePart =
      numericMonth && options.year && options.day
        ? `${year}-${pad(f.month + 1)}-${pad(f.day)}`
        : [options.year ? year : '', options.month ? month : '', options.day ? String(f.day) : '']
            .filter((piece) => piece !== '')
            .join(' ')
    parts.push(options.weekday ? `${datePart}, ${weekday}` : datePart)
  } else if (options.weekday) {
    parts.push(weekday)
  }

  if (options.timeStyle || options.hour || options.minute) parts.push(time(f, options))
  return parts.join(', ')
}
