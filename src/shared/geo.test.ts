import { describe, expect, it } from 'vitest'
import { approxPoint, boundingBox, distanceKm, isInSriLanka, roundedKm } from './geo'

const colomboFort = { lat: 6.9344, lng: 79.8428 }
const dehiwala = { lat: 6.8511, lng: 79.8653 }
const kandy = { lat: 7.2906, lng: 80.6337 }

describe('points', () => {
  it('measures great-circle kilometres', () => {
    expect(distanceKm(colomboFort, colomboFort)).toBe(0)
    expect(distanceKm(colomboFort, dehiwala)).toBeCloseTo(9.6, 0)
    expect(distanceKm(colomboFort, kandy)).toBeGreaterThan(90)
    expect(distanceKm(colomboFort, kandy)).toBeLessThan(100)
  })

  it('knows the island from the rest of the world', () => {
    expect(isInSriLanka(kandy)).toBe(true)
    expect(isInSriLanka({ lat: 13.08, lng: 80.27 })).toBe(false) // Chennai
    expect(isInSriLanka({ lat: 6.9, lng: 79.3 })).toBe(false)
  })

  it('boxes every point within the radius', () => {
    const box = boundingBox(dehiwala, 10)
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180
      const edge = {
        lat: dehiwala.lat + (9.99 / 111.2) * Math.cos(rad),
        lng: dehiwala.lng + (9.99 / 110.4) * Math.sin(rad),
      }
      if (distanceKm(dehiwala, edge) <= 10) {
        expect(edge.lat).toBeGreaterThanOrEqual(box.minLat)
        expect(edge.lat).toBeLessThanOrEqual(box.maxLat)
        expect(edge.lng).toBeGreaterThanOrEqual(box.minLng)
        expect(edge.lng).toBeLessThanOrEqual(box.maxLng)
      }
    }
  })

  it('shows the public a stable point within about 500 m', () => {
    const approx = approxPoint(dehiwala)
    expect(approxPoint(dehiwala)).toEqual(approx)
    expect(approx).not.toEqual(dehiwala)
    expect(distanceKm(approx, dehiwala)).toBeLessThan(0.36)
    expect(approxPoint({ lat: dehiwala.lat + 0.0001, lng: dehiwala.lng })).toEqual(approx)
  })

  it('rounds distances as people read them', () => {
    expect(roundedKm(0.84)).toBe(0.8)
    expect(roundedKm(9.96)).toBe(10)
    expect(roundedKm(12.4)).toBe(12)
  })
})
