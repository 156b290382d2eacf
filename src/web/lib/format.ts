import type { Language } from '../../shared/reference-data'
import { SRI_LANKA_TIME_ZONE, sriLankaInstant } from '../../shared/sri-lanka-time'
import { currentLanguage, intlLocale } from './i18n'
import { dateFormat, numberFormat } from './intl-formats'
import { intlSupports, sinhalaDate } from './sinhala-intl'

/** Sinhala where this browser's Intl has no Sinhala data (see sinhala-intl.ts). */
const needsSinhalaFallback = (locale: string) => locale === 'si-LK' && !intlSupports(locale)

export function formatNumber(value: number): string {
  return numberFormat(intlLocale()).format(value)
}

/**
 * The rupee as each language writes it. Not Intl's currency style: it gives "LKR" in en-LK and the
 * Latin "Rs." in ta-LK, and no Sinhala at all where a browser lacks Sinhala data.
 */
const RUPEE_SIGN: Record<Language, string> = { en: 'Rs.', si: 'රු.', ta: 'ரூ.' }

/** LKR amounts in whole rupees, e.g. "Rs. 1,250", "රු. 1,250", "ரூ. 1,250"; the sign never wraps apart. */
export function formatLkr(value: number): string {
  return `${RUPEE_SIGN[currentLanguage()]}\u00a0${formatNumber(Math.round(value))}`
}

/**
 * A date (and time) as Sri Lankan wall-clock time, whatever the browser's time zone: pickup windows,
 * deliveries and events are Sri Lankan times, and a phone set to another zone must show them as the
 * donor wrote them. `options.timeZone` overrides it.
 */
export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const locale = intlLocale()
  const inSriLanka = { timeZone: SRI_LANKA_TIME_ZONE, ...options }
  if (needsSinhalaFallback(locale)) return sinhalaDate(new Date(value), inSriLanka)
  return dateFormat(locale, inSriLanka).format(new Date(value))
}

export function formatDateTime(value: Date | string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * A long date: weekday, day, month and year. English uses en-US ("Monday, November 23, 2026"), as
 * the community page has always shown it; Sinhala and Tamil use their locale's own format.
 */
export function formatLongDate(value: Date | string, options: Intl.DateTimeFormatOptions = {}): string {
  const locale = currentLanguage() === 'en' ? 'en-US' : intlLocale()
  const all: Intl.DateTimeFormatOptions = {
    timeZone: SRI_LANKA_TIME_ZONE,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...options,
  }
  if (needsSinhalaFallback(locale)) return sinhalaDate(new Date(value), all)
  return dateFormat(locale, all).format(new Date(value))
}

/** A Sri Lankan calendar day ('YYYY-MM-DD') as a short day in the reader's language, e.g. "Tue, Nov 24". */
export function formatSriLankaDay(date: string): string {
  return formatDate(sriLankaInstant(date, '12:00'), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: SRI_LANKA_TIME_ZONE,
  })
}
