import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { ORDER_KINDS, ORDER_PATHS } from '../../../shared/orders'
import { idParamsSchema } from '../../../shared/schemas/order-input'
import { rateInputSchema, ratingSummarySchema, userIdParamsSchema } from '../../../shared/schemas/ratings'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { rateOrder, ratingSummaryOf } from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

export const ratingsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  for (const kind of ORDER_KINDS) {
    app.post(
      `/api/${ORDER_PATHS[kind]}/:id/rating`,
      {
        preValidation: signedInFor('order.rate'),
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
        return reply.status(201).send(await rateOrder(db, kind, request.params.id, user, request.body))
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
