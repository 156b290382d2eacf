import { describe, expect, it } from 'vitest'
import { DISTRICT_NAMES, DISTRICTS, findDistrict, nearestDistrict } from './districts'
import { distanceKm } from './geo'

describe('districts', () => {
  it('lists the 25 districts of Sri Lanka, each once', () => {
    expect(DISTRICTS).toHaveLength(25)
    expect(new Set(DISTRICT_NAMES).size).toBe(25)
    expect(DISTRICT_NAMES).toContain('Nuwara Eliya')
  })

  it('keeps every centroid inside Sri Lanka', () => {
    for (const d of DISTRICTS) {
      expect(d.lat).toBeGreaterThan(5.9)
      expect(d.lat).toBeLessThan(9.9)
      expect(d.lng).toBeGreaterThan(79.5)
      expect(d.lng).toBeLessThan(82)
    }
  })

  it('finds a district by its exact name only', () => {
    expect(findDistrict('Kandy')?.deliveryFee).toBe(400)
    expect(findDistrict('kandy')).toBeUndefined()
    expect(findDistrict(null)).toBeUndefined()
  })

  it('maps coordinates to the nearest district centroid', () => {
    expect(nearestDistrict({ lat: 6.9, lng: 79.85 }).name).toBe('Colombo')
    expect(nearestDistrict({ lat: 9.66, lng: 80.01 }).name).toBe('Jaffna')
    expect(nearestDistrict({ lat: 6.03, lng: 80.22 }).name).toBe('Galle')
    expect(nearestDistrict({ lat: 7.3, lng: 80.64 }).name).toBe('Kandy')
  })

  it('measures great-circle distance', () => {
    const colombo = findDistrict('Colombo')!
    const kandy = findDistrict('Kandy')!
    expect(distanceKm(colombo, colombo)).toBe(0)
    expect(distanceKm(colombo, kandy)).toBeGreaterThan(85)
    expect(distanceKm(colombo, kandy)).toBeLessThan(100)
  })
})
