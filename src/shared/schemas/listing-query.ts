import { z } from 'zod'
import { DIETS } from '../dietary'
import { DISTRICT_NAMES, type DistrictName, isDistrictName } from '../districts'
import { isInSriLanka, type Point } from '../geo'
import { LISTING_SORTS, LISTING_TYPES } from '../reference-data'
import { parseLatLng } from './point'
import { MAX_PAGE, queryInteger } from './query'

export const LISTING_PAGE_SIZE = 12
export const MAX_LISTING_PAGE_SIZE = 50
/**
 * GET /api/listings counts the available matches up to this many; beyond it the answer says "more
 * than" (docs/decisions/0036-listings-at-national-scale.md).
 */
export const AVAILABLE_COUNT_CAP = 1000

/** `near`: a district's centroid, or a point (docs/decisions/0070-places-are-points.md). */
export type NearQuery = { district: DistrictName; point?: undefined } | { point: Point; district?: undefined }

/** The radius of a point search: "near me" means this far unless asked otherwise. */
export const DEFAULT_RADIUS_KM = 10
export const MIN_RADIUS_KM = 1
export const MAX_RADIUS_KM = 100

/** GET /api/listings: filters, sort and page (all optional; unknown values are refused). */
export const listingQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** A category slug, or 'uncategorized'. */
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  type: z.enum(LISTING_TYPES).optional(),
  /** Repeatable (?diet=halal&diet=no-pork): listings that suit every diet asked. */
  diet: z
    .union([z.enum(DIETS), z.array(z.enum(DIETS)).max(DIETS.length)])
    .transform((value) => [...new Set(typeof value === 'string' ? [value] : value)])
    .optional(),
  city: z.string().trim().min(1).max(100).optional(),
  /** One of the 25 districts: food picked up there, whatever its town was called. */
  district: z.enum(DISTRICT_NAMES).optional(),
  /**
   * A district (sorts by the distance between its centroid and each listing's district) or a point
   * `LAT,LNG` (only listings with a point within `radiusKm`, with their distance;
   * docs/decisions/0070-places-are-points.md).
   */
  near: z
    .string('nearby.errors.nearInvalid')
    .max(60, 'nearby.errors.nearInvalid')
    .transform((text, ctx): NearQuery => {
      if (isDistrictName(text)) return { district: text }
      const point = parseLatLng(text)
      if (point && isInSriLanka(point)) return { point }
      ctx.addIssue({
        code: 'custom',
        message: point ? 'errors.pointOutsideSriLanka' : 'nearby.errors.nearInvalid',
      })
      return z.NEVER
    })
    .optional(),
  /** How far from a point `near` (or the home point) to look, in km. */
  radiusKm: z
    .string('nearby.errors.radiusOutOfRange')
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'nearby.errors.radiusOutOfRange')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MIN_RADIUS_KM, 'nearby.errors.radiusOutOfRange')
        .max(MAX_RADIUS_KM, 'nearby.errors.radiusOutOfRange'),
    )
    .default(DEFAULT_RADIUS_KM),
  availability: z.enum(['all', 'available']).default('all'),
  sort: z.enum(LISTING_SORTS).default('newest'),
  donor: z.string().max(64).optional(),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: MAX_LISTING_PAGE_SIZE, fallback: LISTING_PAGE_SIZE }),
})
export type ListingQuery = z.input<typeof listingQuerySchema>
/** The query as the server reads it, defaults filled in. */
export type ParsedListingQuery = z.output<typeof listingQuerySchema>

/**
 * Find Food's map answers at most this many pins (GET /api/listings/pins); beyond it the answer says
 * `truncated` and the map asks for a narrower search (docs/decisions/0072-the-map-view.md).
 */
export const MAX_LISTING_PINS = 1000

/** GET /api/listings/pins: the filters of GET /api/listings, every match at once, so no page. */
export const listingPinsQuerySchema = listingQuerySchema.omit({ page: true, size: true })
/** The filters and sort both reads take (every listing query is one of these). */
export type ParsedListingFilters = z.output<typeof listingPinsQuerySchema>
