import { describe, expect, it } from 'vitest'
import { sriLankaInstant, sriLankaToday } from './sri-lanka-time'

describe('sriLankaInstant', () => {
  it('reads a date and time on a Sri Lankan clock (UTC+05:30)', () => {
    expect(sriLankaInstant('2026-11-21', '09:30')?.toISOString()).toBe('2026-11-21T04:00:00.000Z')
    expect(sriLankaInstant('2026-01-01', '00:00')?.toISOString()).toBe('2025-12-31T18:30:00.000Z')
  })
  it('refuses what is not a date and time', () => {
    expect(sriLankaInstant('2026-11-21', '25:00')).toBeNull()
    expect(sriLankaInstant('21/11/2026', '09:00')).toBeNull()
    expect(sriLankaInstant('', '')).toBeNull()
    expect(sriLankaInstant('2026-02-31', '09:00')).toBeNull()
  })
})

describe('sriLankaToday', () => {
  it('turns the date at local midnight, 18:30 UTC', () => {
    expect(sriLankaToday(new Date('2026-11-21T18:29:00Z'))).toBe('2026-11-21')
    expect(sriLankaToday(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22')
  })
})
