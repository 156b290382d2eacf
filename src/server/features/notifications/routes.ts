import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import type { NotificationType } from '../../../shared/reference-data'
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
} from '../../../shared/schemas/notifications'
import { idParamsSchema } from '../../../shared/schemas/orders'
import { notifications } from '../../db/schema'
import { authorize, requireUser } from '../../platform/auth'
import { notFound } from '../../platform/errors'
import type { AppServices } from '../../platform/services'

type Row = typeof notifications.$inferSelect

function toNotification(row: Row) {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    params: row.params,
    relatedId: row.relatedId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Each user reads and marks only their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db, realtime } = services

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
      const [rows, [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(request.query.limit),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false))),
      ])
      return { items: rows.map(toNotification), unreadCount: unread?.n ?? 0 }
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
      const [notification] = await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.id, request.params.id))
      if (!notification) throw notFound()
      // Someone else's notification is answered as missing too (the policy hides it).
      authorize(user, 'notification.read', notification)
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(eq(notifications.id, request.params.id))
        .returning()
      await realtime.publish(db, { table: 'notifications', userIds: [user.id] })
      return toNotification(row!)
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
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false)))
        .returning({ id: notifications.id })
      await realtime.publish(db, { table: 'notifications', userIds: [user.id] })
      return { updated: rows.length }
    },
  )
}
