import { describe, expect, it } from 'vitest'
import { expiryText, hoursRemaining, isExpired, isUrgent } from './expiry'

const now = new Date('2026-11-21T12:00:00Z')
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000)

describe('hoursRemaining', () => {
  it('counts whole hours left', () => {
    expect(hoursRemaining(inHours(5.9), now)).toBe(5)
    expect(hoursRemaining(inHours(48), now)).toBe(48)
    expect(hoursRemaining(inHours(48).toISOString(), now)).toBe(48)
  })
  it('is 0 once expired and null without expiry', () => {
    expect(hoursRemaining(inHours(-3), now)).toBe(0)
    expect(hoursRemaining(null, now)).toBeNull()
    expect(hoursRemaining('not a date', now)).toBeNull()
  })
})

describe('isUrgent', () => {
  it('is urgent at 6 hours or fewer', () => {
    expect(isUrgent(inHours(6), now)).toBe(true)
    expect(isUrgent(inHours(0.5), now)).toBe(true)
  })
  it('is not urgent above 6 hours, once expired, or without expiry', () => {
    expect(isUrgent(inHours(6.01), now)).toBe(false)
    expect(isUrgent(inHours(-1), now)).toBe(false)
    expect(isUrgent(null, now)).toBe(false)
  })
})

describe('isExpired', () => {
  it('is expired at or after the expiry time', () => {
    expect(isExpired(now, now)).toBe(true)
    expect(isExpired(inHours(-1), now)).toBe(true)
    expect(isExpired(inHours(1), now)).toBe(false)
    expect(isExpired(undefined, now)).toBe(false)
  })
})

describe('expiryText', () => {
  it("gives '{n}h remaining', 'Expired' or 'No Expiry'", () => {
    expect(expiryText(inHours(3.5), now)).toEqual({ key: 'expiry.remaining', hours: 3 })
    expect(expiryText(inHours(-0.1), now)).toEqual({ key: 'expiry.expired' })
    expect(expiryText(null, now)).toEqual({ key: 'expiry.none' })
  })
})
