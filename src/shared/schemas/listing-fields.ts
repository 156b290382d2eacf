import { z } from 'zod'
import { DIETARY_TAGS, dietaryProblem } from '../dietary'
import { DISTRICT_NAMES } from '../districts'
import { FOOD_STORAGE } from '../food-safety'
import { ALLERGENS, LISTING_TYPES } from '../reference-data'
import { isDateText, isPlannableDate, isTimeText, sriLankaLastPlannableDate } from '../sri-lanka-time'
import { phoneOrEmptySchema } from './phone'
import { pointSchema } from './point'
import { emailSchema } from './users'

/**
 * The fields a listing is written with, shared by the create and edit schemas (listing-input.ts).
 * Messages are i18n keys: donate.errors.* are the donate wizard's texts, listings.errors.* the edit
 * dialog's and the shared ones.
 */

export const MAX_LISTING_QUANTITY = 10_000
export const MAX_LISTING_PRICE = 100_000

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

export const DONATE_MESSAGES: Messages = {
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
export const EDIT_MESSAGES: Messages = {
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
export const imageUrl = z.string().regex(/^\/uploads\/[\w-]+\.webp$/, 'listings.errors.invalidImage')

export function listingFields(m: Messages, quantityMin: number) {
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

/**
 * How recipients may reach the donor once their order is approved: a ticked channel needs its value;
 * an unticked one is not stored. Left out of an edit, the listing's contact stays as it is.
 */
export const contactFields = {
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
export function checkContact(value: ContactInput, ctx: z.RefinementCtx) {
  if (value.sharePhone && !value.contactPhone) {
    ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: 'donate.errors.contactPhoneRequired' })
  }
  if (value.shareEmail && !value.contactEmail) {
    ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: 'donate.errors.contactEmailRequired' })
  }
}

type PriceInput = { type?: string; price?: number }
export const needsPrice = (v: PriceInput) =>
  v.type !== 'half-price' || (typeof v.price === 'number' && v.price > 0)
export const always = { when: () => true }
