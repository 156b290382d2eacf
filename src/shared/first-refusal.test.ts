import { describe, expect, it } from 'vitest'
import { FIRST_REFUSAL, firstRefusalUntil, heldFrom, offeredToOrganisationsOnly } from './first-refusal'

const now = new Date('2026-05-12T14:00:00+05:30')
const loaves = { type: 'free', quantity: 40, institutionsFirst: true }

describe('first refusal', () => {
  it('offers 40 free loaves to the organisations of the district for 30 minutes', () => {
    expect(firstRefusalUntil(loaves, 2, now)).toEqual(new Date('2026-05-12T14:30:00+05:30'))
  })

  it('makes the food public at once below 20 servings, for half-price food, when turned off, or with no organisation', () => {
    expect(firstRefusalUntil({ ...loaves, quantity: 19 }, 2, now)).toBeNull()
    expect(firstRefusalUntil({ ...loaves, quantity: 20 }, 2, now)).not.toBeNull()
    expect(firstRefusalUntil({ ...loaves, type: 'half-price' }, 2, now)).toBeNull()
    expect(firstRefusalUntil({ ...loaves, institutionsFirst: false }, 2, now)).toBeNull()
    expect(firstRefusalUntil(loaves, 0, now)).toBeNull()
  })

  it('follows the configured servings and minutes', () => {
    expect(firstRefusalUntil({ ...loaves, quantity: 5 }, 1, now, { minServings: 5, minutes: 10 })).toEqual(
      new Date('2026-05-12T14:10:00+05:30'),
    )
    expect(FIRST_REFUSAL).toEqual({ minServings: 20, minutes: 30 })
  })

  it('holds until the minute it ends, then the food is everyone’s', () => {
    const until = firstRefusalUntil(loaves, 1, now)!
    expect(offeredToOrganisationsOnly(until, new Date(until.getTime() - 1))).toBe(true)
    expect(offeredToOrganisationsOnly(until, until)).toBe(false)
    expect(offeredToOrganisationsOnly(null, now)).toBe(false)
    expect(offeredToOrganisationsOnly(until.toISOString(), now)).toBe(true)
  })
})

describe('heldFrom: what a person sees before any dialog', () => {
  const listing = { institutionsFirstUntil: '2026-05-12T14:30:00+05:30', pickupDistrict: 'Kandy' }
  it('holds the listing from a person and from an organisation of another district until the hold ends', () => {
    expect(heldFrom(listing, null, now)).toEqual(new Date('2026-05-12T14:30:00+05:30'))
    expect(heldFrom(listing, { district: 'Galle' }, now)).toEqual(new Date('2026-05-12T14:30:00+05:30'))
    expect(heldFrom(listing, null, new Date('2026-05-12T14:30:00+05:30'))).toBeNull()
  })
  it('does not hold it from a verified organisation of its district, nor a listing without a hold', () => {
    expect(heldFrom(listing, { district: 'Kandy' }, now)).toBeNull()
    expect(heldFrom({ ...listing, institutionsFirstUntil: null }, null, now)).toBeNull()
  })
})
