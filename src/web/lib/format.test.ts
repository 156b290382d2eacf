import { afterEach, describe, expect, it, vi } from 'vitest'

const reader = vi.hoisted(() => ({ language: 'en' as 'en' | 'si' | 'ta' }))
vi.mock('./i18n', () => ({
  intlLocale: () => ({ en: 'en-GB', si: 'si-LK', ta: 'ta-LK' })[reader.language],
  currentLanguage: () => reader.language,
}))

const { formatDate, formatDateTime, formatLkr, formatLongDate } = await import('./format')

describe('prices', () => {
  afterEach(() => {
    reader.language = 'en'
  })

  it('write the rupee as each language does, in whole rupees, the sign kept with the figure', () => {
    const expected = { en: 'Rs.\u00a01,250', si: 'රු.\u00a01,250', ta: 'ரூ.\u00a01,250' } as const
    for (const language of ['en', 'si', 'ta'] as const) {
      reader.language = language
      expect(formatLkr(1249.6)).toBe(expected[language])
    }
  })
})

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
