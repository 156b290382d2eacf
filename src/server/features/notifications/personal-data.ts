/** A user's notifications in their data export, and their deletion with the account (docs/decisions/0039-own-data.md). */
import { desc, eq } from 'drizzle-orm'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { notifications } from '../../db/schema'
import { ownRows } from '../../platform/personal-data'

export async function notificationsExport(db: Database, userId: string) {
  return ownRows(
    db,
    notifications,
    columnsOf(notifications, 'type', 'title', 'message', 'params', 'relatedId', 'isRead', 'createdAt'),
    { column: notifications.userId, id: userId },
    desc(notifications.createdAt),
  )
}

export async function removeNotificationsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId))
}
