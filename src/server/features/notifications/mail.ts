/**
 * The e-mail side of a notification: rendered from its kind and params, and its event's payload, in
 * the recipient's language, with a link to the page it is about, unless the recipient turned that
 * kind's e-mail off.
 */
import { notificationPath } from '../../../shared/notification-link'
import { type EmailNotificationType, isInstantEmailType } from '../../../shared/notification-preferences'
import { INTL_LOCALES, LANGUAGES, type Language } from '../../../shared/reference-data'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import type { DomainEvent, NewNotification } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'
import { stableUuid } from '../../platform/jobs'
import type { Mailer } from '../../platform/mail'
import {
  defaultMail,
  type MailContent,
  type MailContext,
  type MailRecipient,
  type MailRenderers,
} from './mail-content'

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en'
}

export function renderMail(
  publicUrl: string,
  renderers: MailRenderers,
  recipient: MailRecipient,
  notice: NewNotification & { type: EmailNotificationType },
  event: DomainEvent,
): MailContent {
  const language = languageOf(recipient.language)
  const t = translator(language)
  const link = `${publicUrl}${notificationPath(notice.type, recipient.role, notice.relatedId)}`
  const context: MailContext = {
    type: notice.type,
    params: notice.params,
    relatedId: notice.relatedId,
    event,
    recipient,
    language,
    t,
    link,
    publicUrl,
    frame: (body) =>
      t('mail.notification.text', {
        name: recipient.name,
        body,
        link,
        preferences: `${publicUrl}/profile#notification-preferences`,
      }),
    formatDateTime: (instant) =>
      new Intl.DateTimeFormat(INTL_LOCALES[language], {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: SRI_LANKA_TIME_ZONE,
      }).format(instant),
  }
  return (renderers[notice.type] ?? defaultMail)(context)
}

/**
 * One e-mail per notice of the event whose kind has one and whose recipient has not turned it off.
 * Each mail's id derives from the delivery's key and the notice: a retry records and queues none twice.
 */
export async function sendNotificationMails(
  deps: {
    mailer: Mailer
    config: { publicUrl: string }
    mailRenderers: MailRenderers
    recipients(userIds: string[]): Promise<Map<string, MailRecipient>>
  },
  event: DomainEvent,
  key: string,
): Promise<void> {
  const recipients = await deps.recipients([...new Set(event.notices.map((notice) => notice.userId))])
  for (const [index, notice] of event.notices.entries()) {
    if (!isInstantEmailType(notice.type)) continue
    const recipient = recipients.get(notice.userId)
    if (!recipient?.emailOn[notice.type]) continue
    const content = renderMail(
      deps.config.publicUrl,
      deps.mailRenderers,
      recipient,
      { ...notice, type: notice.type },
      event,
    )
    await deps.mailer.send({ to: recipient.email, ...content }, { id: stableUuid(key, String(index)) })
  }
}
