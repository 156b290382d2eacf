import { currentLanguage, intlLocale } from './i18n'

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale()).format(value)
}

/** LKR amounts, e.g. "Rs 1,250" in English. */
export function formatLkr(value: number): string {
  return new Intl.NumberFormat(intlLocale(), {
    style: 'currency',
    currency: 'LKR',
    maximumFractionDigits: 0,
  }).format(value)
}

export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(intlLocale(), options).format(new Date(value))
}

export function formatDateTime(value: Date | string): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  )
}

/**
 * A long date: weekday, day, month and year. English uses en-US (as the spec asks for the community
 * page); Sinhala and Tamil use their locale's own format.
 */
export function formatLongDate(value: Date | string, options: Intl.DateTimeFormatOptions = {}): string {
  const locale = currentLanguage() === 'en' ? 'en-US' : intlLocale()
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...options,
  }).format(new Date(value))
}
