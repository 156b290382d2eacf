/** What is asked to order food: a claim, a food request, a delivery, and the order lists' queries. */
import { z } from 'zod'
import { DELIVERY_TIMES } from '../delivery'
import { DISTRICT_NAMES } from '../districts'
import { CONTACT_METHODS, MAX_REQUEST_QUANTITY, PAYMENT_METHODS } from '../reference-data'
import { isDateText, isTimeText, sriLankaLastPlannableDate, sriLankaToday } from '../sri-lanka-time'
import { phoneOrEmptySchema, phoneSchema } from './phone'
import { pointSchema } from './point'
import { MAX_PAGE, queryInteger } from './query'
import { emailSchema } from './users'

/** Messages are i18n keys (orders.errors.*, deliveries.errors.*), the English texts users know. */

export const optionalText = (max: number) =>
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
/**
 * Where a delivery goes and how to reach the person: the delivery dialog's fields, shared with a
 * standing taker's drop-off (src/shared/schemas/standing-offers.ts).
 */
export const dropOffFields = {
  address: z.string('orders.errors.addressRequired').trim().max(200, 'orders.errors.tooLong'),
  city: z.string('orders.errors.addressRequired').trim().max(100, 'orders.errors.tooLong'),
  district: z.union([z.literal(''), z.enum(DISTRICT_NAMES)], 'orders.errors.addressRequired'),
  postalCode: optionalText(10),
  phone: z
    .string('orders.errors.phoneRequired')
    .trim()
    .min(1, 'orders.errors.phoneRequired')
    .pipe(phoneSchema),
  specialInstructions: optionalText(1000),
}

/** The street, the town and the district are each needed; the first one missing is named. */
export function requireDropOff(
  value: { address: string; city: string; district: string },
  ctx: z.RefinementCtx,
) {
  if (!value.address || !value.city || !value.district) {
    const path = !value.address ? 'address' : !value.city ? 'city' : 'district'
    ctx.addIssue({ code: 'custom', path: [path], message: 'orders.errors.addressRequired' })
  }
}

export const deliveryInputSchema = z
  .object({
    quantity: quantity(100_000),
    ...dropOffFields,
    /** The exact drop-off (docs/decisions/0070-places-are-points.md): the volunteer's reach reads it. */
    dropOffPoint: pointSchema.optional(),
    deliveryDate: z.string('orders.errors.deliveryTimeRequired').trim(),
    deliveryTime: z.union(
      [z.literal(''), z.enum(DELIVERY_TIMES as [string, ...string[]])],
      'orders.errors.deliveryTimeRequired',
    ),
    urgent: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    requireDropOff(value, ctx)
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
