import { describe, expect, it } from 'vitest'
import {
  averageRating,
  categoryStars,
  donorFigures,
  mealsReceived,
  moneySaved,
  progressPercents,
  volunteerImpact,
  volunteerMonth,
} from './dashboard-figures'
import { co2SavedKg } from './impact'

describe('donorFigures', () => {
  it('is all zero without donations', () => {
    expect(donorFigures({ mealsShared: 0, completedDonations: 0 })).toEqual({
      mealsShared: 0,
      impactScore: 0,
      environment: { co2SavedKg: 0, waterSavedLitres: 0, wastePreventedKg: 0 },
      community: { peopleHelped: 0, familiesSupported: 0 },
    })
  })
  it('scores meals x 10 + completed x 5 and derives CO2, water, waste, people and families', () => {
    expect(donorFigures({ mealsShared: 25, completedDonations: 3 })).toEqual({
      mealsShared: 25,
      impactScore: 265,
      environment: { co2SavedKg: 12.5, waterSavedLitres: 52.5, wastePreventedKg: 7.5 },
      community: { peopleHelped: 13, familiesSupported: 7 },
    })
  })
  it('rounds people (meals / 2) and families (meals / 4) up', () => {
    expect(donorFigures({ mealsShared: 1, completedDonations: 0 }).community).toEqual({
      peopleHelped: 1,
      familiesSupported: 1,
    })
    expect(donorFigures({ mealsShared: 8, completedDonations: 0 }).community).toEqual({
      peopleHelped: 4,
      familiesSupported: 2,
    })
  })
})

describe('recipient figures', () => {
  it('counts meals received as request servings plus one per claim', () => {
    expect(mealsReceived(0, 0)).toBe(0)
    expect(mealsReceived(7, 3)).toBe(10)
  })
  it('sums the requests’ total prices as money saved', () => {
    expect(moneySaved([])).toBe(0)
    expect(moneySaved([450, 300, 1200])).toBe(1950)
  })
  it('gives the most ordered category 5 stars and the others in proportion, at least 1', () => {
    expect(categoryStars(4, 4)).toBe(5)
    expect(categoryStars(2, 4)).toBe(3)
    expect(categoryStars(1, 10)).toBe(1)
    expect(categoryStars(0, 10)).toBe(0)
    expect(categoryStars(3, 0)).toBe(0)
  })
})

describe('volunteer figures', () => {
  it('counts 2 meals, their CO2 (2 x 0.5 kg) and 8 km per completed delivery', () => {
    expect(volunteerImpact(0)).toEqual({ mealsDelivered: 0, co2SavedKg: 0, distanceKm: 0 })
    expect(volunteerImpact(3)).toEqual({ mealsDelivered: 6, co2SavedKg: 3, distanceKm: 24 })
    expect(volunteerImpact(3).co2SavedKg).toBe(co2SavedKg(6))
  })
  it('shows this month’s deliveries, hours (1.5 each) and people helped (meals / 2)', () => {
    expect(volunteerMonth(0)).toEqual({ completed: 0, hours: 0, peopleHelped: 0 })
    expect(volunteerMonth(3)).toEqual({ completed: 3, hours: 4.5, peopleHelped: 3 })
  })
  it('hides the rating until a delivery is rated, then averages to one decimal', () => {
    expect(averageRating(0, 0)).toBeNull()
    expect(averageRating(5, 1)).toBe(5)
    expect(averageRating(14, 3)).toBe(4.7)
  })
})

describe('progressPercents', () => {
  it('scales each month against the best one', () => {
    expect(progressPercents([0, 0, 0])).toEqual([0, 0, 0])
    expect(progressPercents([2, 4, 1, 0])).toEqual([50, 100, 25, 0])
  })
})
