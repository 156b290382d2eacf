import { z } from 'zod'
import { DISTRICT_NAMES } from '../districts'
import { isDateText, isTimeText, sriLankaLastPlannableDate, sriLankaToday } from '../sri-lanka-time'
import { MAX_WINDOW_MINUTES, minutesOf, WEEKDAYS } from '../standing'
import { createListingSchema } from './listing-input'
import { dropOffFields, requireDropOff } from './order-input'
import { pointAnswerSchema, pointSchema } from './point'

/**
 * Standing offers (issue 42, docs/decisions/0068-standing-arrangements.md). The food's fields are the
 * listing's own rules, taken from the donate wizard's schema; messages are i18n keys (standing.errors.*).
 */
const listing = createListingSchema.shape

const time = z.string('standing.errors.windowRequired').refine(isTimeText, 'standing.errors.windowRequired')
const futureDate = z
  .string('listings.errors.invalidDate')
  .refine(isDateText, 'listings.errors.invalidDate')
  .refine((v) => v >= sriLankaToday(), 'standing.errors.dateInPast')
  .refine((v) => v <= sriLankaLastPlannableDate(), 'errors.dateOutOfRange')

const scheduleFields = {
  days: z
    .array(z.enum(WEEKDAYS, 'standing.errors.daysRequired'), 'standing.errors.daysRequired')
    .min(1, 'standing.errors.daysRequired')
    .max(7, 'standing.errors.daysRequired')
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
  windowStart: time,
  windowEnd: time,
  startsOn: futureDate.optional(),
  endsOn: futureDate.optional(),
}

const foodFields = {
  title: listing.title,
  categoryId: listing.categoryId,
  description: listing.description,
  /** The typical quantity of an occurrence: 1 to 10,000 servings. */
  quantity: z
    .number('standing.errors.quantityRange')
    .int('standing.errors.quantityRange')
    .min(1, 'standing.errors.quantityRange')
    .max(10_000, 'standing.errors.quantityRange'),
  type: listing.type,
  price: listing.price,
  dietary: listing.dietary,
  allergens: listing.allergens.default([]),
  preparationNotes: listing.preparationNotes,
  storage: listing.storage,
  pickupAddress: listing.pickupAddress,
  pickupCity: listing.pickupCity,
  pickupDistrict: listing.pickupDistrict,
  pickupPoint: pointSchema.optional(),
  safetyChecklist: listing.safetyChecklist,
}

type Window = { windowStart?: string; windowEnd?: string; startsOn?: string; endsOn?: string }
/** The window ends after it starts, within 12 hours, the same evening; the end date after the start. */
function checkWindow(v: Window, ctx: z.RefinementCtx) {
  if (v.windowStart && v.windowEnd && isTimeText(v.windowStart) && isTimeText(v.windowEnd)) {
    const length = minutesOf(v.windowEnd) - minutesOf(v.windowStart)
    if (length <= 0 || length > MAX_WINDOW_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: 'standing.errors.windowInvalid' })
    }
  }
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'standing.errors.endsBeforeStart' })
  }
}

type Price = { type?: string; price?: number }
const needsPrice = (v: Price) => v.type !== 'half-price' || (typeof v.price === 'number' && v.price > 0)

/** POST /api/standing-offers and the donor's regular-offer form. */
export const createStandingOfferSchema = z
  .object({ ...foodFields, ...scheduleFields })
  .superRefine(checkWindow)
  .refine(needsPrice, { path: ['price'], message: 'donate.errors.priceRequired', when: () => true })
export type CreateStandingOfferInput = z.input<typeof createStandingOfferSchema>
export type CreateStandingOffer = z.output<typeof createStandingOfferSchema>

/** PATCH /api/standing-offers/:id: any of the fields; occurrences already posted keep theirs. */
export const updateStandingOfferSchema = z
  .object({ ...foodFields, ...scheduleFields })
  .partial()
  .superRefine(checkWindow)
  .refine(needsPrice, { path: ['price'], message: 'donate.errors.priceRequired', when: () => true })
export type UpdateStandingOffer = z.output<typeof updateStandingOfferSchema>

export const pauseSchema = z.object({ until: futureDate })
export const joinSchema = z.object({
  quantity: z
    .number('standing.errors.quantityRange')
    .int('standing.errors.quantityRange')
    .min(1, 'standing.errors.quantityRange')
    .max(10_000, 'standing.errors.quantityRange'),
})
/** A day's quantity: 0 is "none tonight" (a skip). */
export const confirmSchema = z.object({
  quantity: z
    .number('standing.errors.confirmQuantity')
    .int('standing.errors.confirmQuantity')
    .min(0, 'standing.errors.confirmQuantity')
    .max(10_000, 'standing.errors.confirmQuantity'),
})
export const offerParamsSchema = z.object({ id: z.uuid('errors.notFound') })
export const occurrenceParamsSchema = z.object({
  id: z.uuid('errors.notFound'),
  date: z.string().refine(isDateText, 'listings.errors.invalidDate'),
})
export const standingListQuerySchema = z.object({
  as: z.enum(['donor', 'taker', 'open']).default('open'),
  district: z.enum(DISTRICT_NAMES).optional(),
  type: listing.type.optional(),
})

export const TAKER_STATUSES = ['active', 'paused', 'left'] as const
export const OFFER_STATUSES = ['active', 'paused', 'ended'] as const

/**
 * PUT /api/standing-offers/:id/takers/me/delivery: where a taker's portions are brought, the
 * delivery dialog's own fields (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDropOffSchema = z.object(dropOffFields).superRefine(requireDropOff)
export type StandingDropOffInput = z.input<typeof standingDropOffSchema>

/** The weekdays a volunteer takes of an arrangement: at least one; the offer's own are the server's check. */
export const standingDeliveryDaysSchema = z.object({
  days: z
    .array(z.enum(WEEKDAYS, 'standing.errors.deliveryDaysRequired'), 'standing.errors.deliveryDaysRequired')
    .min(1, 'standing.errors.deliveryDaysRequired')
    .max(7, 'standing.errors.deliveryDaysRequired')
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
})
export type StandingDeliveryDaysInput = z.input<typeof standingDeliveryDaysSchema>

export const takerParamsSchema = z.object({
  id: z.uuid('errors.notFound'),
  takerId: z.uuid('errors.notFound'),
})
export const standingDeliveryListQuerySchema = z.object({
  as: z.enum(['volunteer', 'open']).default('volunteer'),
})

/** Who delivers which weekday of an arrangement (its taker and donor see the names). */
const delivererSchema = z.object({ day: z.string(), volunteer: z.string() })

const takerDeliverySchema = z.object({
  city: z.string(),
  district: z.string(),
  deliverers: z.array(delivererSchema),
})

const takerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  quantity: z.number(),
  status: z.enum(TAKER_STATUSES),
  joinedAt: z.string(),
  /** The donor's view of the taker's record; others see zeros for takers not themselves. */
  record: z.object({ collected: z.number(), missed: z.number(), skipped: z.number() }),
  /** The drop-off town and who delivers which day, when the taker asked for delivery. */
  delivery: takerDeliverySchema.nullable(),
})

export const standingOfferSchema = z.object({
  id: z.string(),
  donorId: z.string(),
  donorName: z.string(),
  title: z.string(),
  categoryId: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  type: z.string(),
  price: z.number(),
  dietary: z.array(z.string()),
  allergens: z.array(z.string()),
  preparationNotes: z.string().nullable(),
  storage: z.string().nullable(),
  days: z.array(z.string()),
  windowStart: z.string(),
  windowEnd: z.string(),
  pickupCity: z.string(),
  pickupDistrict: z.string(),
  /** The street address: the donor and the offer's takers only. */
  pickupAddress: z.string().nullable(),
  /** The exact pickup point, like the street; everyone else has approxPoint (docs/decisions/0070-places-are-points.md). */
  pickupPoint: pointAnswerSchema.nullable(),
  /** The pickup point rounded to its ~500 m cell: public. */
  approxPoint: pointAnswerSchema.nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  /** Portions not yet taken by standing takers. */
  room: z.number(),
  takers: z.array(takerSchema),
  nextOccurrences: z.array(z.string()),
  createdAt: z.string(),
})
export type StandingOffer = z.infer<typeof standingOfferSchema>
export const standingOfferListSchema = z.object({ items: z.array(standingOfferSchema) })

export const occurrenceSchema = z.object({
  date: z.string(),
  status: z.string(),
  quantity: z.number().nullable(),
  listingId: z.string().nullable(),
  postedByDefault: z.boolean(),
})

/**
 * An arrangement asking for delivery as a volunteer sees it: the offer's pickup town and window,
 * the drop-off town, the days the offer runs, the days nobody holds, and the viewer's own days (with
 * their next dates) when they deliver it (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDeliverySchema = z.object({
  /** The viewer's hold on it; null on an arrangement they do not deliver. */
  id: z.string().nullable(),
  offerId: z.string(),
  takerId: z.string(),
  title: z.string(),
  takerName: z.string(),
  quantity: z.number(),
  pickupCity: z.string(),
  pickupDistrict: z.string(),
  city: z.string(),
  district: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  offerDays: z.array(z.string()),
  freeDays: z.array(z.string()),
  days: z.array(z.string()),
  nextDates: z.array(z.string()),
  fee: z.number(),
})
export type StandingDelivery = z.infer<typeof standingDeliverySchema>
export const standingDeliveryListSchema = z.object({ items: z.array(standingDeliverySchema) })
