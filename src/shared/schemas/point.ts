import { z } from 'zod'
import { approxPoint, isInSriLanka } from '../geo'

const OUTSIDE = 'errors.pointOutsideSriLanka'

/**
 * Every point field of the API and its forms (`pickupPoint`, `dropOffPoint`, an event's `point`,
 * `homePoint`): `{lat, lng}` in degrees, inside Sri Lanka, or the field's error.
 */
export const pointSchema = z
  .strictObject({ lat: z.number(OUTSIDE), lng: z.number(OUTSIDE) }, OUTSIDE)
  .refine(isInSriLanka, OUTSIDE)

/** A point as the API answers it (already checked when it was stored). */
export const pointAnswerSchema = z.object({ lat: z.number(), lng: z.number() })

/** `"LAT,LNG"` in a query string (`near=6.85,79.87`): decimal degrees, or undefined when it is not that. */
export function parseLatLng(text: string): { lat: number; lng: number } | undefined {
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/.exec(text)
  return match ? { lat: Number(match[1]), lng: Number(match[2]) } : undefined
}

/** The point columns of a row as a point, or null when it has none. */
export function pointOf(lat: number | null | undefined, lng: number | null | undefined) {
  return lat == null || lng == null ? null : { lat, lng }
}

/** What the public sees of a row's point (approxPoint), or null when it has none. */
export function approxPointOf(lat: number | null | undefined, lng: number | null | undefined) {
  const exact = pointOf(lat, lng)
  return exact && approxPoint(exact)
}
