import { describe, expect, it } from 'vitest'
import { co2ReducedKg, foodWasteSavedKg, impactScore, trendPercent, waterSavedLitres } from './impact'

describe('impact formulas', () => {
  it('derives waste, CO2 and water from meals', () => {
    expect(foodWasteSavedKg(100)).toBe(30)
    expect(co2ReducedKg(100)).toBe(50)
    expect(waterSavedLitres(100)).toBe(210)
    expect(foodWasteSavedKg(7)).toBe(2.1)
    expect(co2ReducedKg(0)).toBe(0)
  })
  it('scores meals x 10 plus completed x 5', () => {
    expect(impactScore(12, 3)).toBe(135)
  })
  it('compares this month with last month', () => {
    expect(trendPercent(123, 100)).toBe(23)
    expect(trendPercent(50, 100)).toBe(-50)
    expect(trendPercent(10, 3)).toBe(233)
  })
  it('has no trend when last month was empty', () => {
    expect(trendPercent(10, 0)).toBeNull()
    expect(trendPercent(0, 0)).toBeNull()
  })
})
