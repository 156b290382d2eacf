import { describe, expect, it } from 'vitest'
import {
  CODE_LOCK_MINUTES,
  codeLockEnd,
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
