/** Completing an order or a delivery (the pickup code or why not), and rating it. */
import { z } from 'zod'
import { normalisePickupCode } from '../pickup-code'
import { optionalText } from './order-input'

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

/**
 * A completion route's body: none at all is read as an empty one, so a missing code is the code's 400
 * (handover.errors.wrongPickupCode), not a malformed request's.
 */
export function completionBody<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((body) => body ?? {}, schema)
}

export const ratingInputSchema = z.object({
  rating: z
    .number('deliveries.errors.ratingInvalid')
    .int('deliveries.errors.ratingInvalid')
    .min(1, 'deliveries.errors.ratingInvalid')
    .max(5, 'deliveries.errors.ratingInvalid'),
})
