import { describe, expect, it } from 'vitest'
import { DELIVERY_TIMES, deliveryFee } from './delivery'

describe('deliveryFee', () => {
  it('charges the district fee', () => {
    expect(deliveryFee('Colombo', false)).toBe(200)
    expect(deliveryFee('Gampaha', false)).toBe(250)
    expect(deliveryFee('Jaffna', false)).toBe(500)
    expect(deliveryFee('Nuwara Eliya', false)).toBe(350)
  })

  it('adds 100 for urgent delivery', () => {
    expect(deliveryFee('Colombo', true)).toBe(300)
    expect(deliveryFee('Mullaitivu', true)).toBe(600)
  })

  it('charges 300 when no district is chosen, 400 when urgent', () => {
    expect(deliveryFee(null, false)).toBe(300)
    expect(deliveryFee('', false)).toBe(300)
    expect(deliveryFee(undefined, true)).toBe(400)
    expect(deliveryFee('Atlantis', false)).toBe(300)
  })
})

describe('DELIVERY_TIMES', () => {
  it('offers hourly times from 09:00 to 18:00', () => {
    expect(DELIVERY_TIMES).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ])
  })
})
