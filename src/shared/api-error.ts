import { z } from 'zod'

/** The error answer of every API route: one shape everywhere. key is the i18n key of message. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    key: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.record(z.string(), z.object({ key: z.string(), message: z.string() })).optional(),
    /** A run refused as unsafe or late: an order of its stops that works (docs/decisions/0071-volunteer-runs.md). */
    suggestedOrder: z
      .array(z.object({ deliveryId: z.string(), kind: z.enum(['pickup', 'dropoff']) }))
      .optional(),
  }),
})

export type ErrorBody = z.infer<typeof errorResponseSchema>
