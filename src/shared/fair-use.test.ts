import { describe, expect, it } from 'vitest'
import {
  FAIR_USE_LIMITS,
  fairUseRefusal,
  freePortionsLeft,
  nextSriLankaMidnight,
  pausedUntil,
} from './fair-use'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2026-03-10T12:00:00+05:30')
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY)
const idle = { openOrders: 0, freePortionsToday: 0, noShowTimes: [] }

describe('fair use', () => {
  it('lets a person with nothing open order', () => {
    expect(fairUseRefusal(idle, { quantity: 5, free: true }, now)).toBeNull()
  })

  it('refuses a fourth open order until one ends', () => {
    const usage = { ...idle, openOrders: 3 }
    expect(fairUseRefusal(usage, { quantity: 1, free: false }, now)).toEqual({
      limit: 'openOrders',
      until: null,
    })
    expect(fairUseRefusal({ ...usage, openOrders: 2 }, { quantity: 1, free: false }, now)).toBeNull()
  })

  it('refuses free portions beyond 10 a day until the next Sri Lankan midnight', () => {
    const usage = { ...idle, freePortionsToday: 8 }
    expect(fairUseRefusal(usage, { quantity: 2, free: true }, now)).toBeNull()
    expect(fairUseRefusal(usage, { quantity: 3, free: true }, now)).toEqual({
      limit: 'dailyPortions',
      until: new Date('2026-03-11T00:00:00+05:30'),
    })
    // Half-price food is paid for: the daily free portions do not cover it.
    expect(fairUseRefusal(usage, { quantity: 3, free: false }, now)).toBeNull()
  })

  it('the Sri Lankan day ends at midnight in Colombo, whatever the UTC date', () => {
    // 23:30 in Colombo is 18:00 UTC the same day; 00:30 in Colombo is still the previous UTC day.
    expect(nextSriLankaMidnight(new Date('2026-03-10T23:30:00+05:30'))).toEqual(
      new Date('2026-03-11T00:00:00+05:30'),
    )
    expect(nextSriLankaMidnight(new Date('2026-03-11T00:30:00+05:30'))).toEqual(
      new Date('2026-03-12T00:00:00+05:30'),
    )
  })

  it('three no-shows within 30 days pause orders for 7 days after the third', () => {
    const noShowTimes = [daysAgo(20), daysAgo(10), daysAgo(2)]
    expect(fairUseRefusal({ ...idle, noShowTimes }, { quantity: 1, free: true }, now)).toEqual({
      limit: 'noShowPause',
      until: new Date(daysAgo(2).getTime() + 7 * DAY),
    })
  })

  it('the pause ends 7 days after the third no-show', () => {
    expect(pausedUntil([daysAgo(20), daysAgo(10), daysAgo(8)], now, FAIR_USE_LIMITS)).toBeNull()
  })

  it('no-shows further apart than 30 days do not pause', () => {
    expect(pausedUntil([daysAgo(35), daysAgo(20), daysAgo(1)], now, FAIR_USE_LIMITS)).toBeNull()
    expect(pausedUntil([daysAgo(10), daysAgo(1)], now, FAIR_USE_LIMITS)).toBeNull()
  })

  it('the pause is answered before the other limits', () => {
    const usage = { openOrders: 3, freePortionsToday: 10, noShowTimes: [daysAgo(3), daysAgo(2), daysAgo(1)] }
    expect(fairUseRefusal(usage, { quantity: 1, free: true }, now)?.limit).toBe('noShowPause')
  })

  it('configured limits replace the defaults', () => {
    const limits = { ...FAIR_USE_LIMITS, maxOpenOrders: 1, maxDailyFreePortions: 2 }
    expect(fairUseRefusal({ ...idle, openOrders: 1 }, { quantity: 1, free: true }, now, limits)?.limit).toBe(
      'openOrders',
    )
    expect(fairUseRefusal(idle, { quantity: 3, free: true }, now, limits)?.limit).toBe('dailyPortions')
    expect(freePortionsLeft({ ...idle, freePortionsToday: 1 }, limits)).toBe(1)
  })
})
