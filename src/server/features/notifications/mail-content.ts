/** What a notification e-mail is made of, and the content every kind gets unless it has its own. */
import type { TFunction } from 'i18next'
import type { EmailNotificationType } from '../../../shared/notification-preferences'
import type { Language } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import type { MailRecipient } from '../users/service'

export type MailContext = {
  type: EmailNotificationType
  params: Record<string, string | number>
  relatedId: string
  recipient: MailRecipient
  language: Language
  t: TFunction
  /** PUBLIC_URL + the page the notification is about. */
  link: string
  publicUrl: string
  db: Database
  /** The greeting, the body, the link and the footer every notification e-mail shares. */
  frame(body: string): string
  /** An instant as a date and time in Sri Lanka, in the recipient's language. */
  formatDateTime(instant: Date): string
}

export type MailContent = { subject: string; text: string }

/** A kind's own content; kinds without one get the bell's title and message (defaultMail). */
export type MailRenderer = (context: MailContext) => MailContent | Promise<MailContent>

export function defaultMail({ t, type, params, frame }: MailContext): MailContent {
  return {
    subject: t(`notifications.${type}.title`, params),
    text: frame(t(`notifications.${type}.message`, params)),
  }
}
