import { describe, expect, it } from 'vitest'
import { FAIR_USE_LIMITS, fairUseRefusal } from './fair-use'
import { organisationLimits } from './organisations'

const now = new Date('2026-05-12T12:00:00+05:30')
const idle = { openOrders: 0, freePortionsToday: 0, noShowTimes: [] }

describe("a verified organisation's limits", () => {
  it('let a home feeding 40 take 40 free portions a day, not 41', () => {
    const limits = organisationLimits(FAIR_USE_LIMITS, 40)
    expect(limits.maxDailyFreePortions).toBe(40)
    expect(fairUseRefusal(idle, { quantity: 40, free: true }, now, limits)).toBeNull()
    expect(
      fairUseRefusal({ ...idle, freePortionsToday: 1 }, { quantity: 40, free: true }, now, limits),
    ).toMatchObject({
      limit: 'dailyPortions',
    })
  })

  it('allow 10 open orders, and never less than a person may', () => {
    expect(organisationLimits(FAIR_USE_LIMITS, 40).maxOpenOrders).toBe(10)
    const small = organisationLimits(FAIR_USE_LIMITS, 4)
    expect(small.maxDailyFreePortions).toBe(FAIR_USE_LIMITS.maxDailyFreePortions)
    expect(fairUseRefusal({ ...idle, openOrders: 9 }, { quantity: 1, free: true }, now, small)).toBeNull()
    expect(
      fairUseRefusal({ ...idle, openOrders: 10 }, { quantity: 1, free: true }, now, small),
    ).toMatchObject({
      limit: 'openOrders',
    })
  })

  it('keep the no-show pause of a person', () => {
    expect(organisationLimits(FAIR_USE_LIMITS, 200)).toMatchObject({
      noShowsToPause: FAIR_USE_LIMITS.noShowsToPause,
      pauseDays: FAIR_USE_LIMITS.pauseDays,
    })
  })
})
