/** What a notification e-mail is made of, and the content every kind gets unless it has its own. */
import type { TFunction } from 'i18next'
import type { EmailNotificationType, EmailPreferences } from '../../../shared/notification-preferences'
import type { Language } from '../../../shared/reference-data'
import type { DomainEvent } from '../../platform/domain-events'

/** Whom an e-mail goes to: their language, role (for the link) and e-mail settings. */
export type MailRecipient = {
  id: string
  name: string
  email: string
  language: string
  role: string | null
  /** Per e-mail kind: on or off. */
  emailOn: EmailPreferences
}

export type MailContext = {
  type: EmailNotificationType
  params: Record<string, string | number>
  relatedId: string
  /** The event the notice is part of: a feature's renderer reads its details from the payload. */
  event: DomainEvent
  recipient: MailRecipient
  language: Language
  t: TFunction
  /** PUBLIC_URL + the page the notification is about. */
  link: string
  publicUrl: string
  /** The greeting, the body, the link and the footer every notification e-mail shares. */
  frame(body: string): string
  /** An instant as a date and time in Sri Lanka, in the recipient's language. */
  formatDateTime(instant: Date): string
}

export type MailContent = { subject: string; text: string }

/** A kind's own content; kinds without one get the bell's title and message (defaultMail). */
export type MailRenderer = (context: MailContext) => MailContent

/**
 * The e-mails that say more than the bell's title and message, by kind. Each belongs to the feature
 * whose events carry what it says (orders: the approval; events: the date and place); the app puts
 * them together (app.ts), so this feature imports none.
 */
export type MailRenderers = Partial<Record<EmailNotificationType, MailRenderer>>

export function defaultMail({ t, type, params, frame }: MailContext): MailContent {
  return {
    subject: t(`notifications.${type}.title`, params),
    text: frame(t(`notifications.${type}.message`, params)),
  }
}
