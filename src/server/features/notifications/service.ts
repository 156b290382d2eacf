import type { FastifyBaseLogger } from 'fastify'
import type { NotificationType } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { english } from '../../platform/i18n'
import type { Mailer } from '../../platform/mail'
import type { Realtime } from '../../platform/realtime'
import type { Push } from '../push/service'
import { sendNotificationMails } from './mail'

export type NewNotification = {
  userId: string
  type: NotificationType
  params: Record<string, string | number>
  relatedId: string
}

export type NotifierDeps = {
  db: Database
  realtime?: Realtime
  mailer: Mailer
  /** Web push to the users' devices (features/push); none in tests of the bell alone. */
  push?: Pick<Push, 'enqueue'>
  config: { publicUrl: string }
}

export type Notifier = {
  /**
   * Inserts bell notifications after the action they report has committed, tells the users'
   * browsers, queues a push to each of their devices that asked for one, and sends the e-mail of
   * each kind that has one. Never fails the action: a failure is
   * logged (a failed e-mail also stays in the outbox with its error).
   */
  notify(log: FastifyBaseLogger, items: NewNotification[]): Promise<void>
  /** Resolves when the e-mails under way are sent (tests, graceful shutdown). */
  idle(): Promise<void>
}

/**
 * One channel for bell and e-mail (docs/decisions/0029-one-notification-channel.md). title and
 * message hold the English text (catalog notifications.<type>.title/message); the web renders the
 * user's language from type and params, and so does the e-mail.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const underway = new Set<Promise<void>>()
  return {
    async notify(log, items) {
      if (items.length === 0) return
      try {
        await deps.db.insert(notifications).values(
          items.map((item) => ({
            userId: item.userId,
            type: item.type,
            title: english(`notifications.${item.type}.title`, item.params),
            message: english(`notifications.${item.type}.message`, item.params),
            params: item.params,
            relatedId: item.relatedId,
          })),
        )
        await deps.realtime?.publish(deps.db, {
          table: 'notifications',
          userIds: [...new Set(items.map((i) => i.userId))],
        })
      } catch (error) {
        log.error({ err: error, types: items.map((i) => i.type) }, 'notification insert failed')
        return
      }
      // Not awaited: the answer must not wait for SMTP (a broadcast may mail a whole district).
      const sending = sendNotificationMails(deps, log, items)
        .catch((error) =>
          log.error({ err: error, types: items.map((i) => i.type) }, 'notification mail failed'),
        )
        .finally(() => underway.delete(sending))
      underway.add(sending)
      // Pushes go through the job queue, which retries them (docs/decisions/0034-web-push.md).
      const queueing = (deps.push?.enqueue(items) ?? Promise.resolve())
        .catch((error) =>
          log.error({ err: error, types: items.map((i) => i.type) }, 'queueing pushes failed'),
        )
        .finally(() => underway.delete(queueing))
      underway.add(queueing)
    },
    async idle() {
      while (underway.size > 0) await Promise.all([...underway])
    },
  }
}

export { notificationsExport, removeNotificationsOf } from './personal-data'
