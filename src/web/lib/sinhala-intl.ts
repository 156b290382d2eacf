/**
 * Sinhala dates for browsers whose Intl has no Sinhala data (Chromium builds ship ICU without `si`
 * and silently answer in American English). Follows CLDR's Sinhala patterns, so the text is the same
 * as where Intl knows Sinhala: "2026 ඉල් 1", "2026 ඉල් 1, 18.05", "ඉරිදා".
 */

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

function time(date: Date, options: Intl.DateTimeFormatOptions): string {
  const hour =
    options.hour === '2-digit' || options.timeStyle ? pad(date.getHours()) : String(date.getHours())
  const seconds =
    options.second || options.timeStyle === 'medium' || options.timeStyle === 'long'
      ? `.${pad(date.getSeconds())}`
      : ''
  return `${hour}.${pad(date.getMinutes())}${seconds}`
}

export function sinhalaDate(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const year = date.getFullYear()
  const month = MONTHS[date.getMonth()]!
  const day = date.getDate()
  const weekday = WEEKDAYS[date.getDay()]!
  const parts: string[] = []

  if (options.dateStyle) {
    parts.push(
      options.dateStyle === 'short'
        ? `${year}-${pad(date.getMonth() + 1)}-${pad(day)}`
        : options.dateStyle === 'full'
          ? `${year} ${month} ${day}, ${weekday}`
          : `${year} ${month} ${day}`,
    )
  } else if (options.year || options.month || options.day) {
    const numericMonth = options.month === 'numeric' || options.month === '2-digit'
    if (numericMonth && options.year && options.day) {
      parts.push(`${year}-${pad(date.getMonth() + 1)}-${pad(day)}`)
    } else {
      const datePart = [options.year ? year : '', options.month ? month : '', options.day ? day : '']
        .filter((piece) => piece !== '')
        .join(' ')
      parts.push(
        options.weekday
          ? `${datePart}, ${options.weekday === 'long' ? weekday : WEEKDAYS_SHORT[date.getDay()]}`
          : datePart,
      )
    }
  } else if (options.weekday) {
    parts.push(options.weekday === 'long' ? weekday : WEEKDAYS_SHORT[date.getDay()]!)
  }

  if (options.timeStyle || options.hour || options.minute) parts.push(time(date, options))
  return parts.join(', ')
}
