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
