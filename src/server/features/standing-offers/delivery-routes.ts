import { z } from 'zod'
import {
  offerParamsSchema,
  standingDeliveryDaysSchema,
  standingDeliveryListQuerySchema,
  standingDeliveryListSchema,
  standingDeliverySchema,
  takerParamsSchema,
} from '../../../shared/schemas/standing-offers'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices, ZodApp } from '../../platform/services'
import { listStandingDeliveries, stopDelivering, takeDeliveryDays } from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

/**
 * Volunteers delivering standing offers' days: taking days, their arrangements, stopping
 * (docs/decisions/0069-standing-deliveries.md).
 */
export function standingDeliveryRoutes(app: ZodApp, { db }: AppServices, tags: string[]) {
  app.post(
    '/api/standing-offers/:id/takers/:takerId/deliveries',
    {
      preValidation: signedInFor('standingDelivery.take'),
      schema: {
        tags,
        summary:
          "A verified volunteer within reach takes weekdays of a taker's deliveries (replacing the days they held)",
        params: takerParamsSchema,
        body: standingDeliveryDaysSchema,
        response: { 201: standingDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const { id, takerId } = request.params
      return reply.status(201).send(await takeDeliveryDays(db, id, takerId, user, request.body.days))
    },
  )

  app.get(
    '/api/standing-deliveries',
    {
      schema: {
        tags,
        summary:
          'The arrangements I deliver (as=volunteer), or those within reach with a day nobody holds (as=open)',
        querystring: standingDeliveryListQuerySchema,
        response: { 200: standingDeliveryListSchema, ...errors },
      },
    },
    async (request) => listStandingDeliveries(db, await requireUser(request), request.query.as),
  )

  app.delete(
    '/api/standing-deliveries/:id',
    {
      schema: {
        tags,
        summary: 'The volunteer stops delivering an arrangement (days already posted stay theirs)',
        params: offerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await stopDelivering(db, request.params.id, await requireUser(request))
      return reply.status(204).send(null)
    },
  )
}
