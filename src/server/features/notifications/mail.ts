/**
 * The e-mail side of a notification: rendered from its kind and params in the recipient's language,
 * with a link to the page it is about, unless the recipient turned that kind's e-mail off.
 */
import type { FastifyBaseLogger } from 'fastify'
import { notificationPath } from '../../../shared/notification-link'
import { type EmailNotificationType, isEmailType } from '../../../shared/notification-preferences'
import { INTL_LOCALES, LANGUAGES, type Language } from '../../../shared/reference-data'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { translator } from '../../platform/i18n'
import type { Mailer } from '../../platform/mail'
import { type MailRecipient, mailRecipients } from '../users/service'
import { defaultMail, type MailContent, type MailContext } from './mail-content'
import { MAIL_RENDERERS } from './mail-renderers'
import type { NewNotification } from './service'

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en'
}

export async function renderMail(
  db: Database,
  publicUrl: string,
  recipient: MailRecipient,
  item: NewNotification & { type: EmailNotificationType },
): Promise<MailContent> {
  const language = languageOf(recipient.language)
  const t = translator(language)
  const link = `${publicUrl}${notificationPath(item.type, recipient.role)}`
  const context: MailContext = {
    type: item.type,
    params: item.params,
    relatedId: item.relatedId,
    recipient,
    language,
    t,
    link,
    publicUrl,
    db,
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
  return (MAIL_RENDERERS[item.type] ?? defaultMail)(context)
}

/** One e-mail per notification whose kind has one and whose recipient has not turned it off. */
export async function sendNotificationMails(
  deps: { db: Database; mailer: Mailer; config: { publicUrl: string } },
  log: FastifyBaseLogger,
  items: NewNotification[],
): Promise<void> {
  const mailable = items.filter((item): item is NewNotification & { type: EmailNotificationType } =>
    isEmailType(item.type),
  )
  const recipients = await mailRecipients(deps.db, [...new Set(mailable.map((item) => item.userId))])
  for (const item of mailable) {
    const recipient = recipients.get(item.userId)
    if (!recipient?.emailOn[item.type]) continue
    try {
      const content = await renderMail(deps.db, deps.config.publicUrl, recipient, item)
      await deps.mailer.send({ to: recipient.email, ...content })
    } catch (error) {
      // The mailer has kept a failed delivery in the outbox with its error; the others still go.
      log.error({ err: error, type: item.type, userId: item.userId }, 'notification mail failed')
    }
  }
}
