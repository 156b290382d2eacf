import { z } from 'zod'
import { DIETARY_TAGS, DIETS, dietaryProblem } from '../dietary'
import { DISTRICT_NAMES, type DistrictName, isDistrictName } from '../districts'
import { FOOD_STORAGE, type FoodStorage, isOutTooLong, OUT_TOO_LONG, safeUntilByClock } from '../food-safety'
import { isInSriLanka, type Point } from '../geo'
import { pickupWindowEnded } from '../pickup-time'
import {
  ALLERGENS,
  DONOR_TYPES,
  LISTING_SORTS,
  LISTING_STATUSES,
  LISTING_TYPES,
  type ListingSort,
  MAX_LISTING_IMAGES,
  SAFETY_CHECKS,
} from '../reference-data'
import {
  isDateText,
  isPlannableDate,
  isTimeText,
  sriLankaInstant,
  sriLankaLastPlannableDate,
  sriLankaParts,
} from '../sri-lanka-time'
import { phoneOrEmptySchema } from './phone'
import { parseLatLng, pointAnswerSchema, pointSchema } from './point'
import { MAX_PAGE, queryInteger } from './query'
import { emailSchema } from './users'

/**
 * The listings API contract. Messages are i18n keys: donate.errors.* are the donate wizard's texts,
 * listings.errors.* the edit dialog's and the shared ones.
 */

export const MAX_LISTING_QUANTITY = 10_000
export const MAX_LISTING_PRICE = 100_000
export const LISTING_PAGE_SIZE = 12
export const MAX_LISTING_PAGE_SIZE = 50
/**
 * GET /api/listings counts the available matches up to this many; beyond it the answer says "more
 * than" (docs/decisions/0036-listings-at-national-scale.md).
 */
export const AVAILABLE_COUNT_CAP = 1000

type Messages = {
  title: string
  category: string
  description: string
  quantity: string
  price: string
  address: string
  city: string
  district: string
  expiryDate: string
  expiryTime: string
}

const DONATE_MESSAGES: Messages = {
  title: 'donate.errors.titleRequired',
  category: 'donate.errors.categoryRequired',
  description: 'donate.errors.descriptionRequired',
  quantity: 'donate.errors.quantityRequired',
  price: 'donate.errors.priceRequired',
  address: 'donate.errors.addressRequired',
  city: 'donate.errors.cityRequired',
  district: 'donate.errors.districtRequired',
  expiryDate: 'donate.errors.expiryDateRequired',
  expiryTime: 'donate.errors.expiryTimeRequired',
}

const REQUIRED = 'listings.errors.requiredFields'
const EDIT_MESSAGES: Messages = {
  title: REQUIRED,
  category: REQUIRED,
  description: REQUIRED,
  quantity: REQUIRED,
  price: 'listings.errors.priceRequired',
  address: REQUIRED,
  city: REQUIRED,
  district: REQUIRED,
  expiryDate: REQUIRED,
  expiryTime: REQUIRED,
}

const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, 'listings.errors.tooLong')

const optionalText = (max: number) => z.string().trim().max(max, 'listings.errors.tooLong').optional()

const dateText = (message: string) =>
  z.string(message).min(1, message).refine(isDateText, 'listings.errors.invalidDate')
const timeText = (message: string) =>
  z.string(message).min(1, message).refine(isTimeText, 'listings.errors.invalidTime')

/** Image URLs as POST /api/uploads returns them; the server also checks they are the user's. */
const imageUrl = z.string().regex(/^\/uploads\/[\w-]+\.webp$/, 'listings.errors.invalidImage')

function listingFields(m: Messages, quantityMin: number) {
  return {
    title: requiredText(m.title, 120),
    categoryId: z.string(m.category).min(1, m.category).pipe(z.uuid(m.category)),
    description: requiredText(m.description, 2000),
    /** Whole servings. */
    quantity: z
      .number(m.quantity)
      .int('listings.errors.wholeServings')
      .min(quantityMin, m.quantity)
      .max(MAX_LISTING_QUANTITY, 'listings.errors.quantityTooLarge'),
    type: z.enum(LISTING_TYPES, 'listings.errors.typeRequired'),
    /** Whole LKR per serving; required above 0 for half-price, ignored (0) for free food. */
    price: z
      .number(m.price)
      .int('listings.errors.wholeRupees')
      .min(0, m.price)
      .max(MAX_LISTING_PRICE, 'listings.errors.priceTooLarge')
      .optional(),
    allergens: z.array(z.enum(ALLERGENS, 'listings.errors.unknownAllergen')).max(ALLERGENS.length),
    /** Dietary and religious tags; vegan food is stored vegetarian too (docs/decisions/0050-dietary-tags.md). */
    dietary: z
      .array(z.enum(DIETARY_TAGS, 'errors.invalid'))
      .max(DIETARY_TAGS.length)
      .default([])
      .superRefine((tags, ctx) => {
        const problem = dietaryProblem(tags)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
    preparationNotes: optionalText(1000),
    pickupAddress: requiredText(m.address, 300),
    pickupCity: requiredText(m.city, 100),
    pickupDistrict: z.enum(DISTRICT_NAMES, m.district),
    pickupPostalCode: optionalText(10),
    /**
     * Where exactly the food is collected (docs/decisions/0070-places-are-points.md): private like
     * the street; the public sees its approxPoint. Null clears it; left out of an edit, it stays.
     */
    pickupPoint: pointSchema.nullable().optional(),
    /** Sri Lankan wall-clock date and start time; the window ends one hour later (server). */
    pickupDate: z
      .union([
        z.literal(''),
        dateText('listings.errors.invalidDate').refine(isPlannableDate, 'errors.dateOutOfRange'),
      ])
      .optional(),
    pickupTimeStart: z.union([z.literal(''), timeText('listings.errors.invalidTime')]).optional(),
    // A past expiry has its own message (expiryInPast, on create); here only the far end.
    expiryDate: dateText(m.expiryDate).refine(
      (value) => value <= sriLankaLastPlannableDate(),
      'errors.dateOutOfRange',
    ),
    expiryTime: timeText(m.expiryTime),
    deliveryRequested: z.boolean(),
    /**
     * Cooked food: when it was cooked, as a date-time with its offset or as the Sri Lankan wall clock
     * ('YYYY-MM-DDTHH:MM', what the wizard's field gives), and how it is kept. Both or neither; the
     * server requires them for the cooked categories (docs/decisions/0049-cooked-food-clock.md).
     */
    preparedAt: z
      .union([
        z.literal(''),
        z.iso.datetime({ offset: true, message: 'listings.errors.invalidDate' }),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'listings.errors.invalidDate')
          .refine(
            (v) => isDateText(v.slice(0, 10)) && isTimeText(v.slice(11)),
            'listings.errors.invalidDate',
          ),
      ])
      .optional(),
    storage: z.union([z.literal(''), z.enum(FOOD_STORAGE, 'donate.errors.storageRequired')]).optional(),
  }
}

/** The instant of a validated `preparedAt`: a wall-clock text is read in Sri Lankan time. */
export function preparedInstant(preparedAt: string): Date {
  return preparedAt.length === 16
    ? sriLankaInstant(preparedAt.slice(0, 10), preparedAt.slice(11))
    : new Date(preparedAt)
}

/** The wizard's value for `preparedAt` from an instant: the Sri Lankan wall clock. */
export function preparedText(instant: Date | string): string {
  const { date, time } = sriLankaParts(instant)
  return `${date}T${time}`
}

type ClockInput = { preparedAt?: string; storage?: string; status?: string }
/** The cooked-food clock is given whole, and never cooked in the future. */
function checkClock(value: ClockInput, ctx: z.RefinementCtx) {
  if (value.preparedAt && !value.storage) {
    ctx.addIssue({ code: 'custom', path: ['storage'], message: 'donate.errors.storageRequired' })
  }
  if (value.storage && !value.preparedAt) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: 'donate.errors.preparedAtRequired' })
  }
  // A minute's grace for a phone's clock that runs fast.
  if (value.preparedAt && preparedInstant(value.preparedAt).getTime() > Date.now() + 60_000) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: 'donate.errors.preparedInFuture' })
  }
}

/**
 * Cooked food already out too long by its clock alone is refused beside its fields, whatever else
 * the form still lacks: the wizard says so on its first step, before the donor fills the rest (the
 * server checks again with the expiry). A donor may still close such a listing by hand.
 */
function checkOutTooLong(value: ClockInput, ctx: z.RefinementCtx) {
  const closing = value.status !== undefined && value.status !== 'available'
  if (closing || typeof value.preparedAt !== 'string' || !isFoodStorage(value.storage)) return
  const prepared = preparedInstant(value.preparedAt)
  if (Number.isNaN(prepared.getTime())) return
  if (isOutTooLong(safeUntilByClock(prepared, value.storage))) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: OUT_TOO_LONG })
  }
}

const isFoodStorage = (value: unknown): value is FoodStorage =>
  (FOOD_STORAGE as readonly unknown[]).includes(value)

/**
 * How recipients may reach the donor once their order is approved: a ticked channel needs its value;
 * an unticked one is not stored. Left out of an edit, the listing's contact stays as it is.
 */
const contactFields = {
  sharePhone: z.boolean().optional(),
  contactPhone: phoneOrEmptySchema.optional(),
  shareEmail: z.boolean().optional(),
  contactEmail: z.union([z.literal(''), emailSchema]).optional(),
}

type ContactInput = {
  sharePhone?: boolean
  contactPhone?: string
  shareEmail?: boolean
  contactEmail?: string
}
function checkContact(value: ContactInput, ctx: z.RefinementCtx) {
  if (value.sharePhone && !value.contactPhone) {
    ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: 'donate.errors.contactPhoneRequired' })
  }
  if (value.shareEmail && !value.contactEmail) {
    ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: 'donate.errors.contactEmailRequired' })
  }
}

type PriceInput = { type?: string; price?: number }
const needsPrice = (v: PriceInput) => v.type !== 'half-price' || (typeof v.price === 'number' && v.price > 0)
const always = { when: () => true }

export const safetyChecklistSchema = z.object(
  Object.fromEntries(
    SAFETY_CHECKS.map((check) => [check, z.literal(true, 'donate.errors.safetyRequired')]),
  ) as Record<(typeof SAFETY_CHECKS)[number], z.ZodLiteral<true>>,
  'donate.errors.safetyRequired',
)

/** POST /api/listings and the donate wizard. */
export const createListingSchema = z
  .object({
    ...listingFields(DONATE_MESSAGES, 1),
    imageUrls: z
      .array(imageUrl, 'donate.errors.imageRequired')
      .min(1, 'donate.errors.imageRequired')
      .max(MAX_LISTING_IMAGES, 'listings.errors.tooManyImages'),
    safetyChecklist: safetyChecklistSchema,
    ...contactFields,
    /**
     * Offer large free food to the district's verified organisations first (false: to everyone at
     * once; docs/decisions/0055-first-refusal.md).
     */
    institutionsFirst: z.boolean('errors.invalid').default(true),
  })
  .superRefine(checkContact)
  .superRefine(checkClock)
  .superRefine(checkOutTooLong, always)
  .refine(needsPrice, { path: ['price'], message: DONATE_MESSAGES.price, ...always })
  .refine(
    (v) =>
      !(typeof v.expiryDate === 'string' && isDateText(v.expiryDate)) ||
      !(typeof v.expiryTime === 'string' && isTimeText(v.expiryTime)) ||
      sriLankaInstant(v.expiryDate, v.expiryTime).getTime() > Date.now(),
    { path: ['expiryTime'], message: 'listings.errors.expiryInPast', ...always },
  )
  // A window already over in Sri Lanka would post food nobody can collect (issue 29, item 9).
  .refine(
    (v) =>
      !(typeof v.pickupDate === 'string' && isDateText(v.pickupDate)) ||
      !(typeof v.pickupTimeStart === 'string' && isTimeText(v.pickupTimeStart)) ||
      !pickupWindowEnded(v.pickupDate, v.pickupTimeStart),
    { path: ['pickupTimeStart'], message: 'listings.errors.pickupWindowOver', ...always },
  )
export type CreateListingInput = z.input<typeof createListingSchema>
export type CreateListing = z.output<typeof createListingSchema>

/** The wizard's steps and the fields each one validates (Submit re-checks steps 1 to 3). */
export const DONATE_STEP_FIELDS = [
  [
    'title',
    'categoryId',
    'description',
    'quantity',
    'type',
    'price',
    'imageUrls',
    'allergens',
    'dietary',
    'preparationNotes',
    'preparedAt',
    'storage',
  ],
  [
    'pickupAddress',
    'pickupCity',
    'pickupDistrict',
    'pickupPostalCode',
    'pickupPoint',
    'pickupDate',
    'pickupTimeStart',
    'expiryDate',
    'expiryTime',
    'deliveryRequested',
    'institutionsFirst',
    'sharePhone',
    'contactPhone',
    'shareEmail',
    'contactEmail',
  ],
  ['safetyChecklist'],
] as const satisfies readonly (readonly (keyof CreateListingInput)[])[]

/** PATCH /api/listings/:id and the edit dialog: every editable field. */
export const updateListingSchema = z
  .object({
    ...listingFields(EDIT_MESSAGES, 0),
    imageUrls: z.array(imageUrl).max(MAX_LISTING_IMAGES, 'listings.errors.tooManyImages'),
    /**
     * The donor dashboard's Status select. Left out, or 'available', the
     * status follows the servings and the expiry.
     */
    status: z.enum(LISTING_STATUSES, 'listings.errors.requiredFields').optional(),
    /** The listing's `version` the edit is based on: a stale one is refused (409), nothing changes. */
    version: z
      .number('listings.errors.changedMeanwhile')
      .int('listings.errors.changedMeanwhile')
      .min(0, 'listings.errors.changedMeanwhile'),
    ...contactFields,
  })
  .superRefine(checkContact)
  .superRefine(checkClock)
  .superRefine(checkOutTooLong, always)
  .refine(needsPrice, { path: ['price'], message: EDIT_MESSAGES.price, ...always })
export type UpdateListingInput = z.input<typeof updateListingSchema>
export type UpdateListing = z.output<typeof updateListingSchema>

export { LISTING_SORTS, type ListingSort }

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
