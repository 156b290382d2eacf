import { z } from 'zod'
import { DISTRICT_NAMES } from '../districts'
import { pointAnswerSchema, pointSchema } from './point'

/** GET /api/places?q=: a town's name in any script, 1 to 100 characters. */
export const placeQuerySchema = z.object({
  q: z
    .string('errors.placeQueryInvalid')
    .trim()
    .min(1, 'errors.placeQueryInvalid')
    .max(100, 'errors.placeQueryInvalid'),
})

/** GET /api/places/nearest?lat=&lng=: a point in Sri Lanka, in decimal degrees. */
export const nearestPlaceQuerySchema = z
  .object({
    lat: z.coerce.number('errors.pointOutsideSriLanka'),
    lng: z.coerce.number('errors.pointOutsideSriLanka'),
  })
  .pipe(pointSchema)

/** A town of the gazetteer (docs/decisions/0070-places-are-points.md). */
export const placeSchema = z.object({
  id: z.string(),
  names: z.object({ en: z.string(), si: z.string().nullable(), ta: z.string().nullable() }),
  district: z.enum(DISTRICT_NAMES),
  point: pointAnswerSchema,
})
export type PlaceAnswer = z.infer<typeof placeSchema>

export const placeListSchema = z.object({ items: z.array(placeSchema) })
