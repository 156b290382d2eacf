import { z } from 'zod'
import { MAX_RUN_DELIVERIES } from '../run-order'
import { pointSchema } from './point'

const stopKindSchema = z.enum(['pickup', 'dropoff'], 'runs.errors.badOrder')
const stopRefSchema = z.strictObject(
  { deliveryId: z.uuid('runs.errors.badOrder'), kind: stopKindSchema },
  'runs.errors.badOrder',
)

/**
 * Plan a run (`POST /api/runs`): up to four waiting deliveries, each once; `from`, where the
 * volunteer is now (else their home point); `order`, the stops in an order of the volunteer's own
 * (the one a refusal suggested), else the server picks the shortest (docs/decisions/0071-volunteer-runs.md).
 */
export const runInputSchema = z.strictObject(
  {
    deliveryIds: z
      .array(z.uuid('runs.errors.unknownDelivery'), 'runs.errors.noDeliveries')
      .min(1, 'runs.errors.noDeliveries')
      .max(MAX_RUN_DELIVERIES, 'runs.errors.tooManyDeliveries')
      .refine((ids) => new Set(ids).size === ids.length, 'runs.errors.deliveryTwice'),
    from: pointSchema.optional(),
    order: z.array(stopRefSchema, 'runs.errors.badOrder').optional(),
  },
  'errors.invalid',
)
export type RunInput = z.infer<typeof runInputSchema>

export const runListQuerySchema = z.object({
  as: z.enum(['volunteer'], 'errors.invalid').default('volunteer'),
})

export const RUN_STATUSES = ['active', 'completed', 'cancelled'] as const

/** A stop as its volunteer sees it: the place (street and town) and point are theirs to know. */
export const runStopSchema = z.object({
  deliveryId: z.string(),
  kind: stopKindSchema,
  /** The street and town of the stop. */
  place: z.string(),
  point: z.object({ lat: z.number(), lng: z.number() }),
  /** Whether the point is the district's centre (the place has no point of its own yet). */
  approximate: z.boolean(),
  /** Km from the stop before (or the start). */
  legKm: z.number(),
  /** Minutes from the run's creation (or its last stop done) to this stop. */
  etaMinutes: z.number().int(),
  etaAt: z.string(),
  doneAt: z.string().nullable(),
})

export const runSchema = z.object({
  id: z.string(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  from: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  stops: z.array(runStopSchema),
  totalKm: z.number(),
  totalMinutes: z.number().int(),
})
export type Run = z.infer<typeof runSchema>
export type RunStop = z.infer<typeof runStopSchema>

/**
 * A delivery's place in its run, as its requester (their drop-off) or donor (their pickup) sees it:
 * how many stops come before theirs and when it is expected; null when it is in no active run.
 */
export const deliveryRunSchema = z
  .object({
    stopsAway: z.number().int(),
    etaAt: z.string(),
    kind: stopKindSchema,
  })
  .nullable()
export type DeliveryRun = z.infer<typeof deliveryRunSchema>
