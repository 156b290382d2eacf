import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  deliveryInputSchema,
  deliveryListQuerySchema,
  deliverySchema,
  idParamsSchema,
  pageOf,
  ratingInputSchema,
} from '../../../shared/schemas/orders'
import { authenticate, requireUser } from '../../platform/auth'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { notifySafely } from '../notifications/service'
import {
  createDelivery,
  type DeliveryAction,
  getVisibleDelivery,
  listDeliveries,
  rateDelivery,
  transitionDelivery,
} from './service'

const errors = errorResponses(400, 401, 403, 404, 409)
const DELIVERY_ACTIONS = ['accept', 'pick-up', 'complete', 'cancel'] as const

export const deliveriesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db, realtime } = services

  app.post(
    '/api/listings/:id/deliveries',
    {
      preValidation: async (request) => {
        await authenticate(request, 'listing.askDelivery')
      },
      schema: {
        tags: ['deliveries'],
        summary: 'Ask a volunteer to deliver (the server prices it and notifies the district)',
        params: idParamsSchema,
        body: deliveryInputSchema,
        response: { 201: z.object({ id: z.string(), fee: z.number() }), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const result = await createDelivery(db, request.params.id, user, request.body)
      await realtime.publish(db, {
        table: 'deliveries',
        userIds: [user.id, result.listing.donorId, ...result.volunteerIds],
      })
      await notifySafely(db, request.log, realtime, result.notifications)
      return reply.status(201).send({ id: result.id, fee: result.fee })
    },
  )

  app.get(
    '/api/deliveries',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          'My delivery requests (as=requester), my assignments (as=volunteer) or those waiting (as=available)',
        querystring: deliveryListQuerySchema,
        response: { 200: pageOf(deliverySchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const { as, page, size } = request.query
      const { items, hasMore } = await listDeliveries(db, user, as, page, size)
      return { items, page, size, hasMore }
    },
  )

  app.get(
    '/api/deliveries/:id',
    {
      schema: { tags: ['deliveries'], params: idParamsSchema, response: { 200: deliverySchema, ...errors } },
    },
    async (request) => getVisibleDelivery(db, request.params.id, await requireUser(request)),
  )

  app.post(
    '/api/deliveries/:id/:action',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          'accept (a volunteer), pick-up and complete (its volunteer), cancel (its requester, while pending)',
        params: idParamsSchema.extend({ action: z.enum(DELIVERY_ACTIONS, 'errors.notFound') }),
        response: { 200: deliverySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const { delivery, notifications } = await transitionDelivery(
        db,
        request.params.id,
        request.params.action as DeliveryAction,
        user,
      )
      // Everyone who may list it: the requester, the donor, its volunteer, and volunteers while it waits.
      await realtime.publish(db, { table: 'deliveries' })
      await notifySafely(db, request.log, realtime, notifications)
      return delivery
    },
  )

  app.put(
    '/api/deliveries/:id/rating',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Rate a completed delivery, 1 to 5 (its requester, once)',
        params: idParamsSchema,
        body: ratingInputSchema,
        response: { 200: deliverySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const delivery = await rateDelivery(db, request.params.id, user, request.body.rating)
      await realtime.publish(db, { table: 'deliveries' })
      return delivery
    },
  )
}
