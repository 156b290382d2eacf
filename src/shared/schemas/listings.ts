import { z } from 'zod'
import { DIETARY_TAGS } from '../dietary'
import { FOOD_STORAGE } from '../food-safety'
import { ALLERGENS, DONOR_TYPES, LISTING_STATUSES, LISTING_TYPES } from '../reference-data'
import { pointAnswerSchema } from './point'

/** The listings API's answers: a listing, a page of them, the categories and cities. */

export const categorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
})
export type Category = z.infer<typeof categorySchema>

export const listingDonorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Home, restaurant, bakery, hotel or business (i18n donorTypes.<value>); null when not told. */
  type: z.enum(DONOR_TYPES).nullable(),
  avatarUrl: z.string().nullable(),
  /** Listings the donor has posted. */
  donationCount: z.number().int(),
  joinedAt: z.string(),
})

export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: categorySchema.nullable(),
  /** Servings still available. */
  quantity: z.number().int(),
  initialQuantity: z.number().int(),
  type: z.enum(LISTING_TYPES),
  price: z.number().int(),
  /**
   * The street address, postal code and the donor's contact are null for everyone but the donor, a
   * requester whose order is approved and the volunteer delivering it (policy 'listing.seeLocation').
   */
  pickupAddress: z.string().nullable(),
  pickupCity: z.string(),
  pickupDistrict: z.string(),
  pickupPostalCode: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  pickupDate: z.string().nullable(),
  pickupTimeStart: z.string().nullable(),
  pickupTimeEnd: z.string().nullable(),
  /** When it can no longer be ordered: the donor's expiry, or safeUntil when that is earlier. */
  expiresAt: z.string(),
  /** Cooked food's clock (src/shared/food-safety.ts); all three null for other food. */
  preparedAt: z.string().nullable(),
  storage: z.enum(FOOD_STORAGE).nullable(),
  /** "Eat by": until when cooked food is safe to eat. */
  safeUntil: z.string().nullable(),
  imageUrls: z.array(z.string()),
  thumbnailUrls: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  dietary: z.array(z.enum(DIETARY_TAGS)),
  preparationNotes: z.string().nullable(),
  deliveryRequested: z.boolean(),
  safetyChecklist: z.record(z.string(), z.boolean()),
  status: z.enum(LISTING_STATUSES),
  /** Orderable now: status available, servings left and not past expiry. */
  available: z.boolean(),
  donor: listingDonorSchema,
  /**
   * Kilometres from `near`: between district centroids for a district; for a point, to the
   * listing's approxPoint, rounded (roundedKm), so distances never tell more than approxPoint does.
   */
  distanceKm: z.number().nullable(),
  /** The pickup point rounded to its ~500 m cell (approxPoint in src/shared/geo.ts): public. */
  approxPoint: pointAnswerSchema.nullable(),
  /** The exact pickup point: null for all but those who may see the street (like pickupAddress). */
  pickupPoint: pointAnswerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Changes with every write; PATCH sends it back (see updateListingSchema). */
  version: z.number().int(),
  /** Hidden by a moderator: only its donor and moderators still see it (docs/decisions/0037-moderation.md). */
  hidden: z.boolean(),
  /**
   * While set, only verified organisations of the district may order it, until then; null: everyone
   * (docs/decisions/0055-first-refusal.md).
   */
  institutionsFirstUntil: z.string().nullable(),
})
export type Listing = z.infer<typeof listingSchema>

export const listingPageSchema = z.object({
  items: z.array(listingSchema),
  /**
   * Listings that match the filters and can be ordered now ('{n} food items available'), counted up
   * to AVAILABLE_COUNT_CAP.
   */
  availableCount: z.number().int(),
  /** More than availableCount match ('More than 1,000 food items available'): the count stopped at the cap. */
  availableCountCapped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
})
export type ListingPage = z.infer<typeof listingPageSchema>

export const citiesSchema = z.object({ cities: z.array(z.string()) })

export const listingIdParamsSchema = z.object({ id: z.string().max(64) })

/** A listing as a map pin: its public ~500 m point only, never the exact one (docs/decisions/0070-places-are-points.md). */
export const listingPinSchema = z.object({
  id: z.string(),
  title: z.string(),
  approxPoint: pointAnswerSchema,
})

/** Every listing the filters match that has a point, up to MAX_LISTING_PINS (docs/decisions/0072-the-map-view.md). */
export const listingPinsSchema = z.object({
  pins: z.array(listingPinSchema),
  /** More listings with a point match than MAX_LISTING_PINS: the nearest or newest are pinned. */
  truncated: z.boolean(),
  /** Matching listings without a point (only in the list), counted up to MAX_LISTING_PINS. */
  withoutPoint: z.number().int(),
})
export type ListingPins = z.infer<typeof listingPinsSchema>
