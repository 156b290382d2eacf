/**
 * Bell notices still unread, for the features that follow them up (the messages' e-mail digest,
 * docs/decisions/0066-messages.md), and marking a page's notices read when its page is read.
 */
import { and, count, eq, gt, lte, max, sql } from 'drizzle-orm'
import type { NotificationType } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'

/** Per user and related id: the unread notices of `type` written between `from` and `to`. */
export async function unreadNotices(db: Database, type: NotificationType, from: Date, to: Date) {
  return db
    .select({
      userId: notifications.userId,
      relatedId: sql<string>`${notifications.relatedId}`,
      count: count(),
      latest: max(notifications.createdAt),
      title: sql<string>`max(${notifications.params}->>'title')`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, type),
        eq(notifications.isRead, false),
        gt(notifications.createdAt, from),
        lte(notifications.createdAt, to),
      ),
    )
    .groupBy(notifications.userId, notifications.relatedId)
}

/** The user read what these notices were about: they leave the bell's unread count. */
export async function markRelatedRead(
  db: Database,
  userId: string,
  type: NotificationType,
  relatedId: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        eq(notifications.relatedId, relatedId),
        eq(notifications.isRead, false),
      ),
    )
}
