import type { FastifyBaseLogger } from 'fastify'
import type { NotificationType } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { english } from '../../platform/i18n'
import type { Realtime } from '../../platform/realtime'

export type NewNotification = {
  userId: string
  type: NotificationType
  params: Record<string, string | number>
  relatedId: string
}

/**
 * Inserts notifications after the action they report has committed, and tells the users' browsers.
 * title and message hold the English text (catalog notifications.<type>.title/message); the web
 * renders the user's language from type and params. A failure is logged and never fails the action.
 */
export async function notifySafely(
  db: Database,
  log: FastifyBaseLogger,
  realtime: Realtime | undefined,
  items: NewNotification[],
): Promise<void> {
  if (items.length === 0) return
  try {
    await db.insert(notifications).values(
      items.map((item) => ({
        userId: item.userId,
        type: item.type,
        title: english(`notifications.${item.type}.title`, item.params),
        message: english(`notifications.${item.type}.message`, item.params),
        params: item.params,
        relatedId: item.relatedId,
      })),
    )
    await realtime?.publish(db, { table: 'notifications', userIds: [...new Set(items.map((i) => i.userId))] })
  } catch (error) {
    log.error({ err: error, types: items.map((i) => i.type) }, 'notification insert failed')
  }
}
