/**
 * Points on the map of Sri Lanka (docs/decisions/0070-places-are-points.md): a listing's pickup
 * place, a delivery's drop-off, an event's venue and a home area are each a point; distances are
 * great-circle kilometres.
 */
export type Point = { lat: number; lng: number }

/** The island and its waters: a point outside is a typing or location mistake, refused with 400. */
export const SRI_LANKA_BOUNDS = { minLat: 5.8, maxLat: 10.0, minLng: 79.4, maxLng: 82.0 } as const

export function isInSriLanka(point: Point): boolean {
  const b = SRI_LANKA_BOUNDS
  return point.lat >= b.minLat && point.lat <= b.maxLat && point.lng >= b.minLng && point.lng <= b.maxLng
}

export const EARTH_RADIUS_KM = 6371
const RADIANS = Math.PI / 180

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RADIANS
  const dLng = (b.lng - a.lng) * RADIANS
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Roads are longer than the straight line: the usual factor for a straight-line estimate. */
export const ROAD_FACTOR = 1.4

/**
 * The latitude and longitude limits of every point within `radiusKm` of `center`: the indexed
 * pre-filter before the exact distance (a degree of latitude is ~111 km everywhere; a degree of
 * longitude shrinks with the cosine of the latitude, about 0.99 across Sri Lanka).
 */
export function boundingBox(center: Point, radiusKm: number) {
  const dLat = radiusKm / 111.2
  const dLng = radiusKm / (111.2 * Math.cos(center.lat * RADIANS))
  return {
    minLat: center.lat - dLat,
    maxLat: center.lat + dLat,
    minLng: center.lng - dLng,
    maxLng: center.lng + dLng,
  }
}

/** ~500 m in degrees near the equator; the grid of the public, approximate point. */
export const APPROX_STEP = 0.0045

/** How far a point may lie from its cell's centre: half the cell's diagonal, in km (~0.35). */
export const APPROX_HALF_DIAGONAL_KM = (APPROX_STEP * 111.2 * Math.SQRT2) / 2

/**
 * What the public sees of a private point: the centre of its ~500 m grid cell. The same point always
 * gives the same cell, so reloading or comparing answers never narrows it down.
 */
export function approxPoint(point: Point): Point {
  const snap = (value: number) => Number(((Math.floor(value / APPROX_STEP) + 0.5) * APPROX_STEP).toFixed(5))
  return { lat: snap(point.lat), lng: snap(point.lng) }
}

/** One decimal under 10 km, whole kilometres beyond: "0.8", "12". */
export function roundedKm(km: number): number {
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km)
}
