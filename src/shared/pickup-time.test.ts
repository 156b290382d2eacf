import { describe, expect, it } from 'vitest'
import { MAX_PICKUP_DAYS, pickupProblem, pickupSlots, pickupWindow, pickupWindowEnded } from './pickup-time'
import { sriLankaInstant } from './sri-lanka-time'

const at = (date: string, time: string) => sriLankaInstant(date, time)
// 10:00 in Sri Lanka on 24 November 2026.
const now = at('2026-11-24', '10:00')

const windowed = {
  pickupDate: '2026-11-24',
  pickupTimeStart: '18:00',
  pickupTimeEnd: '19:00',
  expiresAt: at('2026-11-24', '21:00'),
}
const noWindow = {
  pickupDate: null,
  pickupTimeStart: null,
  pickupTimeEnd: null,
  expiresAt: at('2026-11-24', '12:20'),
}

describe('pickupProblem', () => {
  it('accepts a time inside the window, its first and last minute included', () => {
    expect(pickupProblem(windowed, at('2026-11-24', '18:30'), now)).toBeNull()
    expect(pickupProblem(windowed, at('2026-11-24', '18:00'), now)).toBeNull()
    expect(pickupProblem(windowed, at('2026-11-24', '19:00'), now)).toBeNull()
  })

  it('refuses a time outside the window, on its day or another', () => {
    expect(pickupProblem(windowed, at('2026-11-24', '17:59'), now)).toBe('orders.errors.pickupOutsideWindow')
    expect(pickupProblem(windowed, at('2026-11-24', '19:01'), now)).toBe('orders.errors.pickupOutsideWindow')
    expect(pickupProblem(windowed, at('2026-11-25', '18:30'), now)).toBe('orders.errors.pickupOutsideWindow')
  })

  it('refuses the past, the current minute is still now', () => {
    expect(pickupProblem(noWindow, at('2026-11-24', '09:59'), now)).toBe('orders.errors.pickupTimeInPast')
    expect(pickupProblem(noWindow, at('2026-11-23', '11:00'), now)).toBe('orders.errors.pickupTimeInPast')
    expect(pickupProblem(noWindow, at('2026-11-24', '10:00'), new Date(now.getTime() + 30_000))).toBeNull()
  })

  it('without a window, accepts any time before the expiry and refuses the expiry and later', () => {
    expect(pickupProblem(noWindow, at('2026-11-24', '12:19'), now)).toBeNull()
    expect(pickupProblem(noWindow, at('2026-11-24', '12:20'), now)).toBe('orders.errors.pickupAfterExpiry')
    expect(pickupProblem(noWindow, at('2026-11-25', '09:00'), now)).toBe('orders.errors.pickupAfterExpiry')
  })

  it('refuses a time in a window that ends after the expiry once the food has expired', () => {
    const late = { ...windowed, expiresAt: at('2026-11-24', '18:30') }
    expect(pickupProblem(late, at('2026-11-24', '18:45'), now)).toBe('orders.errors.pickupAfterExpiry')
  })

  it('reads a window past midnight as ending the next day', () => {
    const night = {
      pickupDate: '2026-11-24',
      pickupTimeStart: '23:30',
      pickupTimeEnd: '00:30',
      expiresAt: at('2026-11-25', '08:00'),
    }
    expect(pickupWindow(night)?.end).toEqual(at('2026-11-25', '00:30'))
    expect(pickupProblem(night, at('2026-11-25', '00:15'), now)).toBeNull()
    expect(pickupProblem(night, at('2026-11-24', '23:15'), now)).toBe('orders.errors.pickupOutsideWindow')
  })
})

describe('pickupSlots', () => {
  it('offers the window in quarter hours, on its date', () => {
    expect(pickupSlots(windowed, now)).toEqual([
      { date: '2026-11-24', times: ['18:00', '18:15', '18:30', '18:45', '19:00'] },
    ])
  })

  it('without a window, offers from now (its first minute too) until before the expiry', () => {
    const slots = pickupSlots(noWindow, at('2026-11-24', '11:37'))
    expect(slots).toEqual([{ date: '2026-11-24', times: ['11:37', '11:45', '12:00', '12:15'] }])
  })

  it('spreads over several days, and every slot passes pickupProblem', () => {
    const listing = { ...noWindow, expiresAt: at('2026-11-26', '09:00') }
    const slots = pickupSlots(listing, now, 60)
    expect(slots.map((s) => s.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26'])
    expect(slots[1]!.times).toHaveLength(24)
    for (const { date, times } of slots) {
      for (const time of times) expect(pickupProblem(listing, at(date, time), now)).toBeNull()
    }
  })

  it('offers nothing when the window is over or the food expired', () => {
    expect(pickupSlots(windowed, at('2026-11-24', '19:01'))).toEqual([])
    expect(pickupSlots({ ...noWindow, expiresAt: at('2026-11-24', '09:00') }, now)).toEqual([])
  })

  it(`offers at most ${MAX_PICKUP_DAYS} days of long-lasting food`, () => {
    const listing = { ...noWindow, expiresAt: at('2027-01-30', '09:00') }
    expect(pickupSlots(listing, now, 60)).toHaveLength(MAX_PICKUP_DAYS + 1)
  })
})

describe('pickupWindowEnded', () => {
  // 19:10 in Colombo on 24 November 2026.
  const now = sriLankaInstant('2026-11-24', '19:10')
  it('is over an hour after its start in Sri Lankan time', () => {
    expect(pickupWindowEnded('2026-11-24', '18:00', now)).toBe(true)
    expect(pickupWindowEnded('2026-11-24', '18:10', now)).toBe(true)
    expect(pickupWindowEnded('2026-11-24', '18:11', now)).toBe(false)
    expect(pickupWindowEnded('2026-11-25', '17:00', now)).toBe(false)
    expect(pickupWindowEnded('2026-11-23', '23:30', now)).toBe(true)
  })
})
