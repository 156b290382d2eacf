import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { idParamsSchema } from '../../../shared/schemas/orders'
import { rateInputSchema, ratingSummarySchema, userIdParamsSchema } from '../../../shared/schemas/ratings'
import { authenticate, requireUser } from '../../platform/auth'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import type { OrderKind } from '../orders/service'
import { rateOrder, ratingSummaryOf } from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

export const ratingsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, realtime } = services

  for (const [kind, path] of [
    ['claim', 'claims'],
    ['request', 'food-requests'],
  ] as const satisfies [OrderKind, string][]) {
    app.post(
      `/api/${path}/:id/rating`,
      {
        preValidation: async (request) => {
          await authenticate(request, 'order.rate')
        },
        schema: {
          tags: ['ratings'],
          summary: `Rate the other party of a completed ${kind}, 1 to 5 with an optional comment (its donor and its requester, once each)`,
          params: idParamsSchema,
          body: rateInputSchema,
          response: { 201: ratingSummarySchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const { ratee, userIds } = await rateOrder(db, kind, request.params.id, user, request.body)
        await realtime.publish(db, { table: 'orders', userIds })
        return reply.status(201).send(ratee)
      },
    )
  }

  app.get(
    '/api/users/:id/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: "A person's average rating and how many ratings it counts (signed-in users)",
        params: userIdParamsSchema,
        response: { 200: ratingSummarySchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await requireUser(request)
      return ratingSummaryOf(db, request.params.id)
    },
  )
}
