import { z } from 'zod'
import { isInSriLanka } from '../geo'

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

/** The point columns of a row as a point, or null when it has none. */
export function pointOf(lat: number | null | undefined, lng: number | null | undefined) {
  return lat == null || lng == null ? null : { lat, lng }
}
