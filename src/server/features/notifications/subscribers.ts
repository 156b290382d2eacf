/**
 * The bell and its e-mail as subscribers of the outbox (docs/decisions/0044-domain-events.md): each
 * event's notices, worded by the feature that recorded it, become bell notifications once and
 * e-mails once, whatever the retries. This feature reads no other: the app hands it the recipients'
 * settings and the features' own e-mail renderers.
 */
import { isInstantEmailType } from '../../../shared/notification-preferences'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { english } from '../../platform/i18n'
import type { Mailer } from '../../platform/mail'
import type { Subscriber } from '../../platform/outbox'
import type { Realtime } from '../../platform/realtime'
import { sendNotificationMails } from './mail'
import type { MailRecipient, MailRenderers } from './mail-content'

export type NotificationDeps = {
  db: Database
  mailer: Mailer
  realtime: Pick<Realtime, 'publish'>
  config: { publicUrl: string }
  /** The users' name, language, role and e-mail settings (features/users, wired by the app). */
  recipients(userIds: string[]): Promise<Map<string, MailRecipient>>
  /** E-mails that say more than the bell, by the features that own them (wired by the app). */
  mailRenderers: MailRenderers
}

/**
 * title and message hold the English text (catalog notifications.<type>.title/message); the web
 * renders the user's language from type and params, and so does the e-mail
 * (docs/decisions/0029-one-notification-channel.md).
 */
export function notificationSubscribers(deps: NotificationDeps): Subscriber[] {
  const bell: Subscriber = {
    name: 'bell',
    hears: (event) => event.notices.length > 0,
    // The bells and the mark that they rang commit together: a retry finds them rung.
    deliver: (event, delivery) =>
      delivery.once(async (tx) => {
        await tx.insert(notifications).values(
          event.notices.map((notice) => ({
            userId: notice.userId,
            type: notice.type,
            title: english(`notifications.${notice.type}.title`, notice.params),
            message: english(`notifications.${notice.type}.message`, notice.params),
            params: notice.params,
            relatedId: notice.relatedId,
          })),
        )
        await deps.realtime.publish(tx, {
          table: 'notifications',
          userIds: [...new Set(event.notices.map((notice) => notice.userId))],
        })
      }),
  }
  const mail: Subscriber = {
    name: 'mail',
    hears: (event) => event.notices.some((notice) => isInstantEmailType(notice.type)),
    deliver: (event, delivery) => sendNotificationMails(deps, event, delivery.key),
  }
  return [bell, mail]
}
