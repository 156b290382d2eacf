import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { ORDER_ACTIONS, ORDER_KINDS, ORDER_PATHS } from '../../../shared/orders'
import { completionBody, completionInputSchema } from '../../../shared/schemas/order-completion'
import {
  claimInputSchema,
  foodRequestInputSchema,
  idParamsSchema,
  orderListQuerySchema,
} from '../../../shared/schemas/order-input'
import { fairUseSchema, orderSchema, pageOf } from '../../../shared/schemas/orders'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import { sendCalendarFile } from '../../platform/icalendar'
import type { AppServices } from '../../platform/services'
import { fairUseOf } from './fair-use'
import {
  completeOrder,
  createClaim,
  createFoodRequest,
  findVisibleOrder,
  getVisibleOrder,
  listOrders,
  orderCalendarFile,
  transitionOrder,
} from './service'

const errors = errorResponses(400, 401, 403, 404, 409)
const created = z.object({ id: z.string() })

/** Claims (free food) and food requests (half price): one lifecycle, two paths (docs/decisions/0006-one-order-model.md). */
export const ordersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  app.post(
    '/api/listings/:id/claims',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags: ['orders'],
        summary: 'Claim free food (reserves the portions)',
        params: idParamsSchema,
        body: claimInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const result = await createClaim(db, request.params.id, user, request.body, services.config.fairUse)
      return reply.status(201).send({ id: result.id })
    },
  )

  app.post(
    '/api/listings/:id/food-requests',
    {
      preValidation: signedInFor('listing.request'),
      schema: {
        tags: ['orders'],
        summary: 'Request half-price food (reserves the servings; the server prices it)',
        params: idParamsSchema,
        body: foodRequestInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const result = await createFoodRequest(
        db,
        request.params.id,
        user,
        request.body,
        services.config.fairUse,
      )
      return reply.status(201).send({ id: result.id })
    },
  )

  app.get(
    '/api/me/fair-use',
    {
      schema: {
        tags: ['orders'],
        summary:
          'How much I may order: the fair-use limits, my open orders, my free portions today and until when no-shows pause my orders',
        response: { 200: fairUseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return fairUseOf(db, user.id, services.config.fairUse)
    },
  )

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One claim or food request by id: the order summary (its requester or the listing donor)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => findVisibleOrder(db, request.params.id, await requireUser(request)),
  )

  for (const kind of ORDER_KINDS) {
    const path = ORDER_PATHS[kind]
    app.get(
      `/api/${path}`,
      {
        schema: {
          tags: ['orders'],
          summary: `My ${path} (as=requester) or those on my listings (as=donor), newest first`,
          querystring: orderListQuerySchema,
          response: { 200: pageOf(orderSchema), 401: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        const { as, page, size } = request.query
        const { items, hasMore } = await listOrders(db, kind, user, as, page, size)
        return { items, page, size, hasMore }
      },
    )

    app.get(
      `/api/${path}/:id`,
      {
        schema: {
          tags: ['orders'],
          summary: `One ${kind} (its requester or the listing's donor)`,
          params: idParamsSchema,
          response: { 200: orderSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        return getVisibleOrder(db, kind, request.params.id, user)
      },
    )

    app.get(
      `/api/${path}/:id/calendar.ics`,
      {
        schema: {
          tags: ['orders'],
          summary: `One ${kind}'s pickup as an iCalendar event (its requester or the listing's donor): the window, the place once approved, and a link; one a volunteer carries redirects (303) to its delivery's event`,
          params: idParamsSchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const answer = await orderCalendarFile(db, kind, request.params.id, user, services.config.publicUrl)
        if ('deliveryId' in answer)
          return reply.redirect(`/api/deliveries/${answer.deliveryId}/calendar.ics`, 303)
        return sendCalendarFile(reply, answer.file, `ahara-${path}-${request.params.id}.ics`)
      },
    )

    app.post(
      `/api/${path}/:id/complete`,
      {
        schema: {
          tags: ['orders'],
          summary: `Complete a ${kind} at the handover (the donor): with the recipient's pickup code, or without it and why; cash received and weight`,
          params: idParamsSchema,
          body: completionBody(completionInputSchema),
          response: { 200: orderSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        return completeOrder(db, kind, request.params.id, request.body, user)
      },
    )

    app.post(
      `/api/${path}/:id/:action`,
      {
        schema: {
          tags: ['orders'],
          summary: `approve / decline / not-collected (the donor; not-collected once the pickup is over, never one with a delivery) or cancel (the requester, while pending) a ${kind}`,
          params: idParamsSchema.extend({
            action: z.enum(ORDER_ACTIONS, 'errors.notFound').exclude(['complete'], 'errors.notFound'),
          }),
          response: { 200: orderSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        return transitionOrder(db, kind, request.params.id, request.params.action, user)
      },
    )
  }
}
