import { z } from 'zod'

export const MAX_RATING_COMMENT = 500

/** Rating the other party of a completed order: 1 to 5 and an optional comment. */
export const rateInputSchema = z.object({
  score: z
    .number('orders.errors.ratingScoreInvalid')
    .int('orders.errors.ratingScoreInvalid')
    .min(1, 'orders.errors.ratingScoreInvalid')
    .max(5, 'orders.errors.ratingScoreInvalid'),
  comment: z
    .string('orders.errors.ratingCommentTooLong')
    .trim()
    .max(MAX_RATING_COMMENT, 'orders.errors.ratingCommentTooLong')
    .optional()
    .transform((value) => value || null),
})
export type RateInput = z.input<typeof rateInputSchema>

/** A person's standing: the average of the ratings they received (null without any) and how many. */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number() })
export type RatingSummary = z.infer<typeof ratingSummarySchema>

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) })

/** One rating as its rater and its ratee may read it. */
export const ratingSchema = z.object({
  id: z.string(),
  raterId: z.string(),
  rateeId: z.string(),
  subject: z.object({ kind: z.enum(['claim', 'request', 'delivery']), id: z.string() }),
  score: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
})
export type Rating = z.infer<typeof ratingSchema>
