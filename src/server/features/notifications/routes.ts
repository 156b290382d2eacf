import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
} from '../../../shared/schemas/notifications'
import { idParamsSchema } from '../../../shared/schemas/order-input'
import { requireUser } from '../../platform/authorization'
import type { AppServices } from '../../platform/services'
import { listNotifications, markAllRead, markRead } from './service'

/** Each user reads and marks only their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return listNotifications(db, user.id, request.query.limit)
    },
  )

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        params: idParamsSchema,
        response: { 200: notificationSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return markRead(db, user, request.params.id)
    },
  )

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        response: { 200: z.object({ updated: z.number() }), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return { updated: await markAllRead(db, user.id) }
    },
  )
}
