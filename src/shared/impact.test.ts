import { describe, expect, it } from 'vitest'
import {
  carKmEquivalent,
  co2SavedKg,
  DONOR_SCORE,
  donorImpactScore,
  familiesSupported,
  kmPerServing,
  lastMonthKeys,
  mealsDelivered,
  monthKey,
  monthStart,
  onTimeRate,
  peopleReached,
  periodStart,
  RECIPIENT_SCORE,
  recipientImpactScore,
  stopsPerRun,
  treeYearsEquivalent,
  trendPercent,
  VOLUNTEER_SCORE,
  volunteerHours,
  volunteerImpactScore,
  wastePreventedKg,
  waterSavedLitres,
  weightedScore,
} from './impact'

describe('scores', () => {
  it('scores donors with meals x 10 + completed x 5', () => {
    expect(donorImpactScore(0, 0)).toBe(0)
    expect(donorImpactScore(20, 1)).toBe(205)
    expect(donorImpactScore(7, 3)).toBe(85)
  })
  it('scores volunteers 25 per completed delivery and recipients 5 per collected order', () => {
    expect(volunteerImpactScore(0)).toBe(0)
    expect(volunteerImpactScore(4)).toBe(100)
    expect(recipientImpactScore(3)).toBe(15)
  })
  it('applies the same weights the leaderboard uses in SQL', () => {
    expect(weightedScore(DONOR_SCORE, { servingsCollected: 20, completedDonations: 1 })).toBe(
      donorImpactScore(20, 1),
    )
    expect(weightedScore(VOLUNTEER_SCORE, { completedDeliveries: 4 })).toBe(volunteerImpactScore(4))
    expect(weightedScore(RECIPIENT_SCORE, { collectedOrders: 3 })).toBe(recipientImpactScore(3))
  })
  it('counts 2 meals per completed delivery', () => {
    expect(mealsDelivered(0)).toBe(0)
    expect(mealsDelivered(3)).toBe(6)
  })
  it('counts 1.5 volunteer hours per completed delivery', () => {
    expect(volunteerHours(0)).toBe(0)
    expect(volunteerHours(1)).toBe(1.5)
    expect(volunteerHours(7)).toBe(10.5)
  })
})

describe('environmental and social figures', () => {
  it('uses 0.5 kg CO2, 2.1 L water and 0.3 kg waste per meal', () => {
    expect(co2SavedKg(100)).toBe(50)
    expect(waterSavedLitres(100)).toBe(210)
    expect(wastePreventedKg(100)).toBe(30)
    expect(wastePreventedKg(7)).toBe(2.1)
  })
  it('derives trees (21 kg a year) and car km (0.12 kg/km) from CO2', () => {
    expect(treeYearsEquivalent(42)).toBe(2)
    expect(treeYearsEquivalent(0)).toBe(0)
    expect(carKmEquivalent(12)).toBe(100)
  })
  it('rounds people (meals / 2) and families (meals / 4) up', () => {
    expect(peopleReached(0)).toBe(0)
    expect(peopleReached(5)).toBe(3)
    expect(familiesSupported(5)).toBe(2)
    expect(familiesSupported(8)).toBe(2)
  })
})

describe('trendPercent and onTimeRate', () => {
  it('compares this month with last month', () => {
    expect(trendPercent(123, 100)).toBe(23)
    expect(trendPercent(50, 100)).toBe(-50)
    expect(trendPercent(0, 10)).toBe(-100)
  })
  it('has no trend when last month is 0', () => {
    expect(trendPercent(10, 0)).toBeNull()
    expect(trendPercent(0, 0)).toBeNull()
  })
  it('gives the on-time share of completed deliveries', () => {
    expect(onTimeRate(89, 100)).toBe(89)
    expect(onTimeRate(2, 3)).toBe(67)
    expect(onTimeRate(0, 0)).toBeNull()
  })
})

describe('periods in Sri Lanka time (UTC+05:30)', () => {
  const now = new Date('2026-03-15T10:00:00Z')
  it('starts the month and year at local midnight', () => {
    expect(periodStart('month', now)?.toISOString()).toBe('2026-02-28T18:30:00.000Z')
    expect(periodStart('year', now)?.toISOString()).toBe('2025-12-31T18:30:00.000Z')
    expect(periodStart('all', now)).toBeNull()
  })
  it('puts an instant after local midnight in the new month', () => {
    const justAfter = new Date('2026-03-31T18:31:00Z') // 00:01 on 1 April in Colombo
    expect(monthKey(justAfter)).toBe('2026-04')
    expect(monthStart(justAfter).toISOString()).toBe('2026-03-31T18:30:00.000Z')
  })
  it('lists the last months oldest first, across a year end', () => {
    expect(lastMonthKeys(new Date('2026-02-10T00:00:00Z'), 6)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ])
  })
})

describe('runs', () => {
  it('counts stops per completed run and km per serving delivered, none before the first', () => {
    expect(stopsPerRun(0, 0)).toBeNull()
    expect(stopsPerRun(10, 3)).toBe(3.3)
    expect(kmPerServing(0, 0)).toBeNull()
    expect(kmPerServing(12.345, 4)).toBe(3.09)
  })
})
