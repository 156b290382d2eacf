import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { DELIVERY_ACTIONS } from '../../../shared/delivery'
import {
  completionBody,
  deliveryCompletionInputSchema,
  ratingInputSchema,
} from '../../../shared/schemas/order-completion'
import {
  deliveryInputSchema,
  deliveryListQuerySchema,
  idParamsSchema,
} from '../../../shared/schemas/order-input'
import { deliverySchema, pageOf } from '../../../shared/schemas/orders'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import { sendCalendarFile } from '../../platform/icalendar'
import type { AppServices } from '../../platform/services'
import {
  createDelivery,
  deliveryCalendarFile,
  getVisibleDelivery,
  listDeliveries,
  rateDelivery,
  transitionDelivery,
} from './service'

const errors = errorResponses(400, 401, 403, 404, 409)
const created = z.object({
  id: z.string(),
  fee: z.number(),
  order: z.object({ kind: z.enum(['claim', 'request']), id: z.string() }),
})

export const deliveriesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.post(
    '/api/listings/:id/deliveries',
    {
      preValidation: signedInFor('listing.askDelivery'),
      schema: {
        tags: ['deliveries'],
        summary:
          'Ask for delivery: reserves the portions as a claim or request for the donor to approve; the server prices it',
        params: idParamsSchema,
        body: deliveryInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const result = await createDelivery(db, request.params.id, user, request.body, services.config.fairUse)
      return reply.status(201).send({ id: result.id, fee: result.fee, order: result.order })
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

  app.get(
    '/api/deliveries/:id/calendar.ics',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          'A delivery as an iCalendar event (its requester, donor or volunteer): the time, the drop-off and the route, and a link',
        params: idParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const file = await deliveryCalendarFile(db, request.params.id, user, services.config.publicUrl)
      return sendCalendarFile(reply, file, `ahara-delivery-${request.params.id}.ics`)
    },
  )

  app.post(
    '/api/deliveries/:id/complete',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          "Deliver (its volunteer, once picked up): with the recipient's pickup code, or without it and why; the weight",
        params: idParamsSchema,
        body: completionBody(deliveryCompletionInputSchema),
        response: { 200: deliverySchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return transitionDelivery(db, request.params.id, 'complete', user, request.body)
    },
  )

  app.post(
    '/api/deliveries/:id/:action',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          'accept (a volunteer, once approved), hand-back (before pick-up) and pick-up (its volunteer), in that order; cancel (its requester, while no volunteer has it)',
        params: idParamsSchema.extend({
          action: z.enum(DELIVERY_ACTIONS, 'errors.notFound').exclude(['complete'], 'errors.notFound'),
        }),
        response: { 200: deliverySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return transitionDelivery(db, request.params.id, request.params.action, user)
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
      return rateDelivery(db, request.params.id, user, request.body.rating)
    },
  )
}
