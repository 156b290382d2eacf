import { describe, expect, it } from 'vitest'
import { orderNumber, pickupWindow } from './pickup'

describe('orderNumber', () => {
  it('reads the first 8 hex digits of the id, upper case', () => {
    expect(orderNumber('3f2a9c1e-7b44-4d2a-9e1f-0c5b6a7d8e9f')).toBe('3F2A9C1E')
  })
})

describe('pickupWindow', () => {
  const chosen = '2026-11-23T12:30:00.000Z' // 18:00 in Sri Lanka
  it("is the donor's window when they gave a date and a start", () => {
    expect(
      pickupWindow({ pickupDate: '2026-11-24', pickupTimeStart: '17:00', pickupTimeEnd: '18:00' }, chosen),
    ).toEqual({ date: '2026-11-24', start: '17:00', end: '18:00' })
  })
  it('is the time the recipient chose otherwise, in Sri Lanka time', () => {
    expect(pickupWindow({ pickupDate: null, pickupTimeStart: null, pickupTimeEnd: null }, chosen)).toEqual({
      date: '2026-11-23',
      start: '18:00',
      end: null,
    })
  })
})
