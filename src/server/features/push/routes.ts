import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParamsSchema } from '../../../shared/schemas/order-input'
import {
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from '../../../shared/schemas/push'
import { authorize, authorizeRequest } from '../../platform/authorization'
import { conflict, errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { subscribe, subscriptionOwner, subscriptionsOf, unsubscribe } from './service'

/** Web push: the server's key, and the signed-in user's devices (docs/decisions/0034-web-push.md). */
export const pushRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, config, push } = services

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'The key browsers subscribe with (applicationServerKey); null when push is off',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: push.publicKey }),
  )

  app.get(
    '/api/me/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'My devices that receive notifications as pushes',
        response: { 200: pushSubscriptionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'push.subscribe')
      return { items: await subscriptionsOf(db, user.id) }
    },
  )

  app.post(
    '/api/me/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Receive my notifications as pushes on this device (the browser's PushSubscription)",
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'push.subscribe')
      if (!push.publicKey) throw conflict('profile.push.errors.off')
      reply.status(201)
      return subscribe(db, config, user.id, request.body)
    },
  )

  app.delete(
    '/api/me/push-subscriptions/:id',
    {
      schema: {
        tags: ['push'],
        summary: 'Stop pushes to one of my devices',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const owner = await subscriptionOwner(db, request.params.id)
      // A device that is not there, or another user's, is answered alike (404).
      authorize(await request.currentUser(), 'push.unsubscribe', { userId: owner ?? '' })
      await unsubscribe(db, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
