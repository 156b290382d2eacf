/** The orders and deliveries API's answers: an order, a delivery, a page of them, fair use. */
import { z } from 'zod'
import { DIETARY_TAGS } from '../dietary'
import {
  ALLERGENS,
  CONTACT_METHODS,
  DELIVERY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '../reference-data'
import { publicOrganisationSchema } from './organisations'
import { pointAnswerSchema } from './point'

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
