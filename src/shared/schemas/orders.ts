import { z } from 'zod'
import { DELIVERY_TIMES } from '../delivery'
import { DIETARY_TAGS } from '../dietary'
import { DISTRICT_NAMES } from '../districts'
import { normalisePickupCode } from '../pickup-code'
import {
  ALLERGENS,
  CONTACT_METHODS,
  DELIVERY_STATUSES,
  MAX_REQUEST_QUANTITY,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '../reference-data'
import { isDateText, isTimeText, sriLankaLastPlannableDate, sriLankaToday } from '../sri-lanka-time'
import { publicOrganisationSchema } from './organisations'
import { phoneOrEmptySchema, phoneSchema } from './phone'
import { pointAnswerSchema, pointSchema } from './point'
import { MAX_PAGE, queryInteger } from './query'
import { emailSchema } from './users'

/** Messages are i18n keys (orders.errors.*, deliveries.errors.*), the English texts users know. */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'orders.errors.tooLong')
    .optional()
    .transform((v) => v || undefined)

/** Whole servings as a JSON number: true, [1], "2" and "0x1" are refused, not read as numbers. */
const quantity = (max: number) =>
  z
    .number('orders.errors.invalidQuantity')
    .int('orders.errors.invalidQuantity')
    .min(1, 'orders.errors.invalidQuantity')
    .max(max, 'orders.errors.invalidQuantity')

const pickupFields = {
  pickupDate: z.string('orders.errors.pickupRequired').trim(),
  pickupTime: z.string('orders.errors.pickupRequired').trim(),
}

type Pickup = { pickupDate: string; pickupTime: string }

/**
 * A pickup on a real date and time, not before today (Sri Lanka time). A missing part is reported on
 * its own field, so the form shows it there.
 */
function checkPickup(value: Pickup, ctx: z.RefinementCtx) {
  if (!isDateText(value.pickupDate) || !isTimeText(value.pickupTime)) {
    const path = isDateText(value.pickupDate) ? 'pickupTime' : 'pickupDate'
    ctx.addIssue({ code: 'custom', path: [path], message: 'orders.errors.pickupRequired' })
  } else if (value.pickupDate < sriLankaToday()) {
    ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: 'orders.errors.pickupInPast' })
  } else if (value.pickupDate > sriLankaLastPlannableDate()) {
    ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: 'errors.dateOutOfRange' })
  }
}

const optionalPhone = phoneOrEmptySchema.optional()
const optionalEmail = z.union([z.literal(''), emailSchema]).optional()

/** Claim Free Food. The quantity is checked against the portions left by the server. */
export const claimInputSchema = z
  .object({
    quantity: quantity(100_000),
    ...pickupFields,
    contactMethod: z.enum(CONTACT_METHODS, 'orders.errors.contactMethodInvalid').default('email'),
    phone: optionalPhone,
    email: optionalEmail,
    notes: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    checkPickup(value, ctx)
    if (value.contactMethod === 'phone' && !value.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'orders.errors.phoneRequired' })
    }
    if (value.contactMethod === 'email' && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'orders.errors.emailRequired' })
    }
  })
export type ClaimInput = z.input<typeof claimInputSchema>
export type ClaimData = z.output<typeof claimInputSchema>

/** Request Food (half price): up to 5 servings; the server prices it. */
export const foodRequestInputSchema = z
  .object({
    quantity: quantity(MAX_REQUEST_QUANTITY),
    ...pickupFields,
    paymentMethod: z.enum(PAYMENT_METHODS, 'orders.errors.paymentMethodRequired'),
    phone: z
      .string('orders.errors.phoneRequired')
      .trim()
      .min(1, 'orders.errors.phoneRequired')
      .pipe(phoneSchema),
    notes: optionalText(1000),
  })
  .superRefine(checkPickup)
export type FoodRequestInput = z.input<typeof foodRequestInputSchema>
export type FoodRequestData = z.output<typeof foodRequestInputSchema>

/**
 * Request Delivery: the portions to deliver (reserved like a claim or request; at most 5 of
 * half-price food, which the server checks against the listing) and where; the server prices it.
 */
export const deliveryInputSchema = z
  .object({
    quantity: quantity(100_000),
    address: z.string('orders.errors.addressRequired').trim().max(200, 'orders.errors.tooLong'),
    city: z.string('orders.errors.addressRequired').trim().max(100, 'orders.errors.tooLong'),
    district: z.union([z.literal(''), z.enum(DISTRICT_NAMES)], 'orders.errors.addressRequired'),
    postalCode: optionalText(10),
    /** The exact drop-off (docs/decisions/0070-places-are-points.md): the volunteer's reach reads it. */
    dropOffPoint: pointSchema.optional(),
    deliveryDate: z.string('orders.errors.deliveryTimeRequired').trim(),
    deliveryTime: z.union(
      [z.literal(''), z.enum(DELIVERY_TIMES as [string, ...string[]])],
      'orders.errors.deliveryTimeRequired',
    ),
    phone: z
      .string('orders.errors.phoneRequired')
      .trim()
      .min(1, 'orders.errors.phoneRequired')
      .pipe(phoneSchema),
    specialInstructions: optionalText(1000),
    urgent: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.address || !value.city || !value.district) {
      const path = !value.address ? 'address' : !value.city ? 'city' : 'district'
      ctx.addIssue({ code: 'custom', path: [path], message: 'orders.errors.addressRequired' })
    }
    if (!isDateText(value.deliveryDate) || !isTimeText(value.deliveryTime)) {
      const path = isDateText(value.deliveryDate) ? 'deliveryTime' : 'deliveryDate'
      ctx.addIssue({ code: 'custom', path: [path], message: 'orders.errors.deliveryTimeRequired' })
    } else if (value.deliveryDate < sriLankaToday()) {
      ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'orders.errors.deliveryInPast' })
    } else if (value.deliveryDate > sriLankaLastPlannableDate()) {
      ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'errors.dateOutOfRange' })
    }
  })
export type DeliveryInput = z.input<typeof deliveryInputSchema>
export type DeliveryData = z.output<typeof deliveryInputSchema>

/** The recipient's pickup code, or `withoutCode` and why (docs/decisions/0047-pickup-codes.md). */
const handoverCode = {
  code: z.string('handover.errors.wrongPickupCode').transform(normalisePickupCode).optional(),
  withoutCode: z.boolean('handover.errors.reasonRequired').default(false),
  reason: optionalText(500),
  weightKg: z
    .number('handover.errors.weightInvalid')
    .positive('handover.errors.weightInvalid')
    .max(10_000, 'handover.errors.weightInvalid')
    .optional(),
}

function reasonWithoutCode(value: { withoutCode: boolean; reason?: string | null }, ctx: z.RefinementCtx) {
  if (value.withoutCode && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'handover.errors.reasonRequired' })
  }
}

/**
 * Completing an order at the handover (docs/decisions/0047-pickup-codes.md): the recipient's pickup
 * code, or `withoutCode` with the donor's reason; the cash received for half-price food (the total
 * when left out) and the weight, when weighed. Whether the code is right is the server's to say.
 */
export const completionInputSchema = z
  .object({
    ...handoverCode,
    cashPaid: z
      .number('handover.errors.cashInvalid')
      .int('handover.errors.cashInvalid')
      .min(0, 'handover.errors.cashInvalid')
      .max(10_000_000, 'handover.errors.cashInvalid')
      .optional(),
  })
  .superRefine(reasonWithoutCode)
export type CompletionInput = z.input<typeof completionInputSchema>
export type CompletionData = z.output<typeof completionInputSchema>

/** A volunteer's drop-off: the recipient's pickup code (or without it, and why) and the weight. */
export const deliveryCompletionInputSchema = z.object(handoverCode).superRefine(reasonWithoutCode)
export type DeliveryCompletionInput = z.input<typeof deliveryCompletionInputSchema>
export type DeliveryCompletionData = z.output<typeof deliveryCompletionInputSchema>

export const ratingInputSchema = z.object({
  rating: z
    .number('deliveries.errors.ratingInvalid')
    .int('deliveries.errors.ratingInvalid')
    .min(1, 'deliveries.errors.ratingInvalid')
    .max(5, 'deliveries.errors.ratingInvalid'),
})

export const idParamsSchema = z.object({ id: z.uuid('errors.notFound') })

export const orderListQuerySchema = z.object({
  as: z.enum(['requester', 'donor']).default('requester'),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

export const deliveryListQuerySchema = z.object({
  as: z.enum(['requester', 'volunteer', 'available']).default('requester'),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

/**
 * What an order or a delivery says of its listing. The street address, postal code and the donor's
 * contact are null but for its donor, a requester whose order is approved and its volunteer
 * (policy 'listing.seeLocation').
 */
const listingSummary = z.object({
  id: z.string(),
  title: z.string(),
  donorId: z.string(),
  donorName: z.string(),
  pickupAddress: z.string().nullable(),
  pickupPostalCode: z.string().nullable(),
  pickupCity: z.string(),
  pickupDistrict: z.string(),
  /** The exact pickup point, like the street (docs/decisions/0070-places-are-points.md). */
  pickupPoint: pointAnswerSchema.nullable(),
  /** The pickup point rounded to its ~500 m cell: for everyone who sees the order. */
  approxPoint: pointAnswerSchema.nullable(),
  /** The donor's pickup window (Sri Lankan date and times), when they gave one. */
  pickupDate: z.string().nullable(),
  pickupTimeStart: z.string().nullable(),
  pickupTimeEnd: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  imageUrl: z.string().nullable(),
  categorySlug: z.string().nullable(),
  /** What the food holds and suits, told with the approval (cards and the listing page show them too). */
  allergens: z.array(z.enum(ALLERGENS)),
  dietary: z.array(z.enum(DIETARY_TAGS)),
  /** Cooked food's "Eat by" (docs/decisions/0049-cooked-food-clock.md). */
  safeUntil: z.string().nullable(),
})

const person = z.object({ id: z.string(), name: z.string(), email: z.string() })

/** A claim or a food request, as its requester and the listing's donor see it. */
export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(['claim', 'request']),
  listing: listingSummary,
  /**
   * The requester as the donor reaches them (their account's e-mail and phone); a verified
   * organisation's name and kind instead of its member's name.
   */
  requester: person.extend({
    phone: z.string().nullable(),
    /** Their account's phone was proved by an SMS code (docs/decisions/0051-sms-over-smpp.md). */
    phoneVerified: z.boolean(),
    organisation: publicOrganisationSchema.nullable(),
  }),
  quantity: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  pickupAt: z.string(),
  contactMethod: z.enum(CONTACT_METHODS).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Approved, then not collected: the donor said the requester did not come (it is cancelled). */
  noShow: z.boolean(),
  /** When the recipient replied 1 to the approval SMS: they said they are coming (null: not said). */
  attendanceConfirmedAt: z.string().nullable(),
  /** The six digits to show at the door: on its requester's answers only, once approved. */
  pickupCode: z.string().optional(),
  /** Completed with the pickup code (true) or without it (false); null until completed. */
  handoverVerified: z.boolean().nullable(),
  /** The donor's reason for completing without the code. */
  unverifiedReason: z.string().nullable(),
  /** The cash (LKR) received for half-price food at the handover; null for free food and until then. */
  cashPaid: z.number().nullable(),
  /** What the food weighed at the handover, when the donor weighed it. */
  weightKg: z.number().nullable(),
  /** The delivery this order came with (Request Delivery); its volunteer completes both. */
  delivery: z.object({ id: z.string(), status: z.enum(DELIVERY_STATUSES) }).nullable(),
  /** The scores the two parties gave each other once it completed (null: not yet). */
  ratings: z.object({ byRequester: z.number().nullable(), byDonor: z.number().nullable() }),
})
export type Order = z.infer<typeof orderSchema>

/**
 * A delivery request. Its requester, the listing's donor and its volunteer see everything; a
 * volunteer deciding whether to accept sees the area (city, district), time, fee and size only:
 * requester, exact addresses (null below), phone, e-mail and instructions come with the assignment.
 */
export const deliverySchema = z.object({
  id: z.string(),
  listing: listingSummary,
  requester: person.nullable(),
  address: z.string().nullable(),
  city: z.string(),
  district: z.string(),
  postalCode: z.string().nullable(),
  /** The exact drop-off point, with the address: its parties only (docs/decisions/0070-places-are-points.md). */
  dropOffPoint: pointAnswerSchema.nullable(),
  deliveryAt: z.string(),
  phone: z.string().nullable(),
  /** The phone is the requester's number verified by an SMS code (docs/decisions/0051-sms-over-smpp.md). */
  phoneVerified: z.boolean(),
  email: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  urgent: z.boolean(),
  fee: z.number(),
  status: z.enum(DELIVERY_STATUSES),
  volunteer: z
    .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string() })
    .nullable(),
  assignedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  rating: z.number().nullable(),
  createdAt: z.string(),
  /** Portions carried. */
  quantity: z.number(),
  /** Its order; null on deliveries from before deliveries reserved (docs/decisions/0027-delivery-is-part-of-an-order.md). */
  order: z
    .object({ kind: z.enum(['claim', 'request']), id: z.string(), status: z.enum(ORDER_STATUSES) })
    .nullable(),
  /** Whether volunteers may take it: the donor approved its order. */
  approved: z.boolean(),
  /** The donor's phone and e-mail, for the parties only (like the pickup address). */
  donorContact: z.object({ phone: z.string().nullable(), email: z.string() }).nullable(),
})
export type Delivery = z.infer<typeof deliverySchema>

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), size: z.number(), hasMore: z.boolean() })

/** GET /api/me/fair-use: the limits, the person's usage, and until when no-shows pause their orders. */
export const fairUseSchema = z.object({
  limits: z.object({
    maxOpenOrders: z.number(),
    maxDailyFreePortions: z.number(),
    noShowsToPause: z.number(),
    noShowWindowDays: z.number(),
    pauseDays: z.number(),
  }),
  openOrders: z.number(),
  freePortionsToday: z.number(),
  recentNoShows: z.number(),
  pausedUntil: z.string().nullable(),
})
export type FairUse = z.infer<typeof fairUseSchema>
