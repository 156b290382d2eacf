import { describe, expect, it } from 'vitest'
import {
  CODE_LOCK_MINUTES,
  codeLockEnd,
  drawPickupCode,
  groupedPickupCode,
  isPickupCodeShape,
  normalisePickupCode,
} from './pickup-code'

describe('pickup codes', () => {
  it('are six digits and nothing else', () => {
    expect(isPickupCodeShape('012345')).toBe(true)
    for (const bad of ['12345', '1234567', '12345a', ' 123456', 123456, null, undefined]) {
      expect(isPickupCodeShape(bad)).toBe(false)
    }
  })

  it('are drawn as six digits, leading zeros kept, spread over all of them', () => {
    const drawn = Array.from({ length: 2000 }, drawPickupCode)
    expect(drawn.every(isPickupCodeShape)).toBe(true)
    expect(new Set(drawn).size).toBeGreaterThan(1990)
    // Each first digit turns up about 200 times in 2,000 draws; a stuck or biased source would not.
    const firstDigits = new Set(drawn.map((code) => code[0]))
    expect(firstDigits.size).toBe(10)
  })

  it('read the way a donor types them, with the groups joined', () => {
    expect(normalisePickupCode('012 345')).toBe('012345')
    expect(normalisePickupCode('012-345')).toBe('012345')
    expect(groupedPickupCode('012345')).toBe('012 345')
  })

  it('lock for fifteen minutes', () => {
    const now = new Date('2026-11-27T10:00:00Z')
    expect(CODE_LOCK_MINUTES).toBe(15)
    expect(codeLockEnd(now).toISOString()).toBe('2026-11-27T10:15:00.000Z')
  })
})
