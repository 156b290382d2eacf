import { describe, expect, it } from 'vitest'
import { festivalFullMoons, isVesakOrPosonWeek } from './festival-weeks'

const at = (text: string) => new Date(`${text}+05:30`)

describe('Vesak and Poson weeks', () => {
  it('finds the full moons of May and June in Sri Lankan dates', () => {
    expect(festivalFullMoons(2024)).toEqual(['2024-05-23', '2024-06-22'])
    expect(festivalFullMoons(2025)).toEqual(['2025-05-12', '2025-06-11'])
    // Two full moons in May: both weeks count.
    expect(festivalFullMoons(2026)).toEqual(['2026-05-01', '2026-05-31', '2026-06-30'])
  })

  it('holds from three days before the full moon to three days after', () => {
    expect(isVesakOrPosonWeek(at('2025-05-09T00:01:00'))).toBe(true)
    expect(isVesakOrPosonWeek(at('2025-05-12T20:00:00'))).toBe(true)
    expect(isVesakOrPosonWeek(at('2025-05-15T23:59:00'))).toBe(true)
    expect(isVesakOrPosonWeek(at('2025-05-08T23:59:00'))).toBe(false)
    expect(isVesakOrPosonWeek(at('2025-05-16T00:00:00'))).toBe(false)
    // Poson Poya 2025 was named on the 10th, the day before the full moon: inside the week.
    expect(isVesakOrPosonWeek(at('2025-06-10T09:00:00'))).toBe(true)
  })

  it('is not a festival week in the rest of the year', () => {
    expect(isVesakOrPosonWeek(at('2025-12-04T12:00:00'))).toBe(false)
    expect(isVesakOrPosonWeek(at('2026-11-27T12:00:00'))).toBe(false)
  })
})
