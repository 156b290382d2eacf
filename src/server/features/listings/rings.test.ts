import { describe, expect, it } from 'vitest'
import { APPROX_HALF_DIAGONAL_KM, EARTH_RADIUS_KM, type Point } from '../../../shared/geo'
import { MAX_RADIUS_KM } from '../../../shared/schemas/listing-query'
import { ringBox } from './near-point'
import { ringRadii } from './rings'

const RADIANS = Math.PI / 180

/** The point `km` from `from` on the great circle heading `bearing` degrees from north. */
function destination(from: Point, km: number, bearing: number): Point {
  const lat = from.lat * RADIANS
  const angle = km / EARTH_RADIUS_KM
  const heading = bearing * RADIANS
  const to = Math.asin(Math.sin(lat) * Math.cos(angle) + Math.cos(lat) * Math.sin(angle) * Math.cos(heading))
  const dLng = Math.atan2(
    Math.sin(heading) * Math.sin(angle) * Math.cos(lat),
    Math.cos(angle) - Math.sin(lat) * Math.sin(to),
  )
  return { lat: to / RADIANS, lng: from.lng + dLng / RADIANS }
}

describe('the rings of a point search (docs/decisions/0070-places-are-points.md)', () => {
  it('grow from 2 km to the radius itself', () => {
    expect(ringRadii(1)).toEqual([1])
    expect(ringRadii(10)).toEqual([2, 6, 10])
    expect(ringRadii(100)).toEqual([2, 6, 18, 54, 100])
  })

  it('hold in their box every point whose approxPoint lies within the ring, in every direction', () => {
    const outside: string[] = []
    for (const lat of [5.9, 7, 8.5, 9.9]) {
      const origin = { lat, lng: 80.5 }
      // The last ring is the radius: its box decides what the radius holds, as before the rings.
      for (const km of [0.5, ...ringRadii(MAX_RADIUS_KM).slice(0, -1)]) {
        const box = ringBox(origin, MAX_RADIUS_KM, km)
        for (let bearing = 0; bearing < 360; bearing += 0.5) {
          // The farthest a point can be when its cell's centre is on the ring.
          const p = destination(origin, km + APPROX_HALF_DIAGONAL_KM, bearing)
          const inside =
            p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng
          if (!inside) outside.push(`${lat} ${km} km ${bearing}°`)
        }
      }
    }
    expect(outside).toEqual([])
  })
})
