import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  claimInputSchema,
  fairUseSchema,
  foodRequestInputSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderSchema,
  pageOf,
} from '../../../shared/schemas/orders'
import { authenticate, requireUser } from '../../platform/auth'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { offerDelivery } from '../deliveries/service'
import { fairUseOf } from './fair-use'
import {
  createClaim,
  createFoodRequest,
  findVisibleOrder,
  getVisibleOrder,
  listOrders,
  type OrderAction,
  type OrderKind,
  transitionOrder,
} from './service'

const errors = errorResponses(400, 401, 403, 404, 409)
const created = z.object({ id: z.string() })
const ORDER_ACTIONS = ['approve', 'decline', 'cancel', 'complete', 'not-collected'] as const

/** Claims (free food) and food requests (half price): one lifecycle, two paths (docs/decisions/0006-one-order-model.md). */
export const ordersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, realtime } = services

  /** The 'Please sign in to ...' answers come before any check of the form. */
  const signedIn = (action: 'listing.claim' | 'listing.request') => async (request: FastifyRequest) => {
    await authenticate(request, action)
  }

  app.post(
    '/api/listings/:id/claims',
    {
      preValidation: signedIn('listing.claim'),
      config: { realtime: 'listings' },
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
      await afterOrderChange(result.listing.donorId, user.id)
      await services.notifier.notify(request.log, result.notifications)
      return reply.status(201).send({ id: result.id })
    },
  )

  app.post(
    '/api/listings/:id/food-requests',
    {
      preValidation: signedIn('listing.request'),
      config: { realtime: 'listings' },
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
      await afterOrderChange(result.listing.donorId, user.id)
      await services.notifier.notify(request.log, result.notifications)
      return reply.status(201).send({ id: result.id })
    },
  )

  /** Orders are private: only their requester and the listing's donor hear of a change. */
  async function afterOrderChange(donorId: string, requesterId: string) {
    await realtime.publish(db, { table: 'orders', userIds: [donorId, requesterId] })
  }

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

  for (const [kind, path] of [
    ['claim', 'claims'],
    ['request', 'food-requests'],
  ] as const satisfies [OrderKind, string][]) {
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

    app.post(
      `/api/${path}/:id/:action`,
      {
        config: { realtime: 'listings' },
        schema: {
          tags: ['orders'],
          summary: `approve / decline / complete / not-collected (the donor; not-collected once the pickup is over; one with a delivery completes when delivered) or cancel (the requester, while pending) a ${kind}`,
          params: idParamsSchema.extend({ action: z.enum(ORDER_ACTIONS, 'errors.notFound') }),
          response: { 200: orderSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        const { order, notifications } = await transitionOrder(
          db,
          kind,
          request.params.id,
          request.params.action as OrderAction,
          user,
        )
        await afterOrderChange(order.listing.donorId, order.requester.id)
        await services.notifier.notify(request.log, notifications)
        if (order.delivery) {
          // Approved, a delivery is offered to the volunteers of both ends; declined, it is cancelled.
          const offered =
            request.params.action === 'approve' ? await offerDelivery(db, order.delivery.id) : null
          await realtime.publish(db, { table: 'deliveries' })
          if (offered) await services.notifier.notify(request.log, offered.notifications)
        }
        return order
      },
    )
  }
}
