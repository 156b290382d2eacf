/**
 * The bell: each user's notifications, read and marked read here, rung by the outbox's subscribers
 * (subscribers.ts; docs/decisions/0029-one-notification-channel.md, 0044-domain-events.md).
 */
import { and, count, desc, eq } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { NotificationType } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'

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

/** A user's newest notifications and how many they have not read. */
export async function listNotifications(db: Database, userId: string, limit: number) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
  ])
  return { items: rows.map(toNotification), unreadCount: unread?.n ?? 0 }
}

/** The user's other open pages update their bell. */
const readBy = (userId: string) => ({
  type: 'bell.read' as const,
  payload: { userId },
  changes: [{ table: 'notifications' as const, userIds: [userId] }],
})

/** Marks one of the user's notifications read; someone else's is answered as missing (the policy hides it). */
export async function markRead(db: Database, user: Actor, id: string) {
  const [notification] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, id))
  if (!notification) throw notFound()
  authorize(user, 'notification.read', notification)
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.id, id))
      .returning()
    await recordEvents(tx, readBy(user.id))
    return updated!
  })
  return toNotification(row)
}

/** Marks all the user's notifications read; answers how many were unread. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
    await recordEvents(tx, readBy(userId))
    return rows.length
  })
}
