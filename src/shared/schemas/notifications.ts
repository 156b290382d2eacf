import { z } from 'zod'
import { NOTIFICATION_TYPES } from '../reference-data'
import { queryInteger } from './query'

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** English text; the web app shows notifications.<type> in the user's language from params. */
  title: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  relatedId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number(),
})

export const notificationListQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 100, fallback: 30 }),
})
