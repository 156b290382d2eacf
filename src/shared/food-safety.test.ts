import { describe, expect, it } from 'vitest'
import { eatByText, endOfSriLankaDay, isOutTooLong, safeUntil } from './food-safety'

// Sri Lankan wall-clock times, written with their offset.
const at = (text: string) => new Date(`${text}+05:30`)
const farExpiry = at('2026-12-31T12:00:00')

describe('safeUntil', () => {
  it('gives food at room temperature 2 hours from cooking', () => {
    expect(safeUntil(at('2026-11-27T12:00:00'), 'room', farExpiry)).toEqual(at('2026-11-27T14:00:00'))
  })

  it('keeps food kept hot or chilled until the end of the day it was cooked in Sri Lanka', () => {
    expect(safeUntil(at('2026-11-27T08:30:00'), 'hot', farExpiry)).toEqual(at('2026-11-27T23:59:00'))
    expect(safeUntil(at('2026-11-27T23:10:00'), 'chilled', farExpiry)).toEqual(at('2026-11-27T23:59:00'))
  })

  it('runs past midnight at room temperature, but not a hot dish cooked before it', () => {
    expect(safeUntil(at('2026-11-27T23:00:00'), 'room', farExpiry)).toEqual(at('2026-11-28T01:00:00'))
    // 00:30 Sri Lankan time is still 19:00 UTC of the day before: the Sri Lankan day counts.
    expect(safeUntil(at('2026-11-28T00:30:00'), 'hot', farExpiry)).toEqual(at('2026-11-28T23:59:00'))
  })

  it('is never later than the donor’s expiry', () => {
    const expiry = at('2026-11-27T13:00:00')
    expect(safeUntil(at('2026-11-27T12:00:00'), 'room', expiry)).toEqual(expiry)
    expect(safeUntil(at('2026-11-27T12:00:00'), 'chilled', expiry)).toEqual(expiry)
  })
})

describe('endOfSriLankaDay', () => {
  it('is the last minute of the Sri Lankan day', () => {
    expect(endOfSriLankaDay(at('2026-11-27T00:00:00'))).toEqual(at('2026-11-27T23:59:00'))
    expect(endOfSriLankaDay(at('2026-12-31T23:59:00'))).toEqual(at('2026-12-31T23:59:00'))
  })
})

describe('isOutTooLong', () => {
  it('is true from the safe-until instant on, and never for food without the clock', () => {
    const safe = at('2026-11-27T14:00:00')
    expect(isOutTooLong(safe, at('2026-11-27T13:59:00'))).toBe(false)
    expect(isOutTooLong(safe, safe)).toBe(true)
    expect(isOutTooLong(safe.toISOString(), at('2026-11-27T15:00:00'))).toBe(true)
    expect(isOutTooLong(null, at('2026-11-27T15:00:00'))).toBe(false)
  })
})

describe('eatByText', () => {
  it('gives the time alone today and the date with it on another day', () => {
    const now = at('2026-11-27T12:00:00')
    expect(eatByText(at('2026-11-27T14:30:00'), now)).toEqual({ key: 'listings.eatBy.today', time: '14:30' })
    expect(eatByText(at('2026-11-28T09:00:00').toISOString(), now)).toEqual({
      key: 'listings.eatBy.onDate',
      time: '09:00',
      date: '2026-11-28',
    })
  })
})
