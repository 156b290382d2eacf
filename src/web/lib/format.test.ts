import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('./i18n', () => ({ intlLocale: () => 'en-GB', currentLanguage: () => 'en' }))

const { formatDate, formatDateTime, formatLongDate } = await import('./format')

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
