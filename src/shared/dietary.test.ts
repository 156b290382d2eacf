import { describe, expect, it } from 'vitest'
import { dietaryProblem, suitsDiets, withImpliedTags } from './dietary'

describe('withImpliedTags', () => {
  it('makes vegan food vegetarian and keeps each tag once, in order', () => {
    expect(withImpliedTags(['vegan'])).toEqual(['vegetarian', 'vegan'])
    expect(withImpliedTags(['halal', 'contains-fish', 'halal'])).toEqual(['halal', 'contains-fish'])
  })
})

describe('dietaryProblem', () => {
  it('refuses meat or fish in vegetarian or vegan food, and egg in vegan food', () => {
    expect(dietaryProblem(['vegetarian', 'contains-fish'])).toBe('listings.errors.vegetarianWithMeat')
    expect(dietaryProblem(['vegan', 'contains-beef'])).toBe('listings.errors.vegetarianWithMeat')
    expect(dietaryProblem(['vegan', 'contains-egg'])).toBe('listings.errors.veganWithEgg')
  })
  it('takes consistent tags', () => {
    expect(dietaryProblem(['vegetarian', 'contains-egg', 'halal'])).toBeNull()
    expect(dietaryProblem(['halal', 'contains-beef'])).toBeNull()
    expect(dietaryProblem([])).toBeNull()
  })
})

describe('suitsDiets', () => {
  it('asks for the tag of vegetarian, vegan and halal', () => {
    expect(suitsDiets(['vegetarian', 'vegan'], ['vegan', 'vegetarian'])).toBe(true)
    expect(suitsDiets(['vegetarian'], ['vegan'])).toBe(false)
    expect(suitsDiets(['halal', 'contains-beef'], ['halal'])).toBe(true)
  })
  it('takes tagged food without that meat for no beef and no pork, never untagged food', () => {
    expect(suitsDiets(['contains-fish'], ['no-beef', 'no-pork'])).toBe(true)
    expect(suitsDiets(['halal', 'contains-beef'], ['no-pork'])).toBe(true)
    expect(suitsDiets(['halal', 'contains-beef'], ['no-beef'])).toBe(false)
    expect(suitsDiets([], ['no-beef'])).toBe(false)
  })
})
