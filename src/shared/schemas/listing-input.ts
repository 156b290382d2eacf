import { z } from 'zod'
import { pickupWindowEnded } from '../pickup-time'
import { LISTING_STATUSES, MAX_LISTING_IMAGES, SAFETY_CHECKS } from '../reference-data'
import { isDateText, isTimeText, sriLankaInstant } from '../sri-lanka-time'
import { checkClock, checkOutTooLong } from './listing-clock'
import {
  always,
  checkContact,
  contactFields,
  DONATE_MESSAGES,
  EDIT_MESSAGES,
  imageUrl,
  listingFields,
  needsPrice,
} from './listing-fields'

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
