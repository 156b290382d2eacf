import { afterEach, describe, expect, it, vi } from 'vitest'

const reader = vi.hoisted(() => ({ locale: 'en-GB' }))
vi.mock('./i18n', () => ({ intlLocale: () => reader.locale, currentLanguage: () => 'en' }))

const {
  formatDate,
  formatDateTime,
  formatLkr,
  formatLongDate,
  formatNumber,
  formatSriLankaDay,
  prepareFormats,
} = await import('./format')

describe('dates are shown in Sri Lankan time, whatever the browser’s zone', () => {
  const original = process.env.TZ
  afterEach(() => {
    process.env.TZ = original
  })

  // 18:00 in Colombo is 12:30 UTC.
  const sixPmInColombo = '2026-11-24T12:30:00.000Z'

  it('shows a Sri Lankan evening as the evening on a phone set to UTC or to London', () => {
    for (const zone of ['UTC', 'Europe/London', 'America/New_York']) {
      process.env.TZ = zone
      expect(formatDateTime(sixPmInColombo)).toContain('18:00')
      expect(formatDate(sixPmInColombo, { timeStyle: 'short' })).toBe('18:00')
    }
  })

  it('keeps the Sri Lankan calendar day across midnight UTC', () => {
    process.env.TZ = 'UTC'
    // 00:30 on the 25th in Colombo is still the 24th in UTC.
    expect(formatLongDate('2026-11-24T19:00:00.000Z')).toContain('25')
  })

  it('lets a caller choose another zone', () => {
    expect(formatDate(sixPmInColombo, { timeStyle: 'short', timeZone: 'UTC' })).toBe('12:30')
  })
})

describe('prepareFormats', () => {
  afterEach(() => {
    reader.locale = 'en-GB'
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('makes, ahead of the page, every formatter a listing card uses', () => {
    vi.useFakeTimers()
    reader.locale = 'en-LK'
    prepareFormats('en')
    vi.runAllTimers()
    const numberFormats = vi.spyOn(Intl, 'NumberFormat')
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat')
    expect(formatNumber(1250)).toBe('1,250')
    expect(formatLkr(1250)).toContain('1,250')
    expect(formatSriLankaDay('2026-11-24')).toBe('Tue, Nov 24')
    expect(numberFormats).not.toHaveBeenCalled()
    expect(dateFormats).not.toHaveBeenCalled()
  })
})
