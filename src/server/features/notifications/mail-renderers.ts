/**
 * Per-kind e-mail content, for kinds whose e-mail says more than the bell's title and message.
 * A kind without an entry gets defaultMail (mail.ts). Add a kind's renderer here; it receives the
 * notification's params and relatedId and may read what it needs through a feature's service.
 */
import type { EmailNotificationType } from '../../../shared/notification-preferences'
import { getEvent } from '../events/service'
import { approvalMail, getOrder, type OrderKind } from '../orders/service'
import { defaultMail, type MailRenderer } from './mail-content'

/** The event's date, time and place under the message; the bell's text alone when it is gone. */
const eventMail: MailRenderer = async (context) => {
  const { t, type, params, frame } = context
  const event = await getEvent(context.db, context.relatedId, undefined).catch(() => null)
  if (!event) return defaultMail(context)
  const details = t('mail.notification.eventDetails', {
    when: context.formatDateTime(new Date(event.startsAt)),
    where: [event.address, event.city].join(', '),
  })
  return {
    subject: t(`notifications.${type}.title`, params),
    text: frame(`${t(`notifications.${type}.message`, params)}\n\n${details}`),
  }
}

/** An approved order: where and when to collect, the donor's contact and the order summary link. */
const approvedOrderMail =
  (kind: OrderKind): MailRenderer =>
  async ({ db, relatedId, recipient, publicUrl }) => {
    const { subject, text } = approvalMail(await getOrder(db, kind, relatedId), recipient, publicUrl)
    return { subject, text }
  }

export const MAIL_RENDERERS: Partial<Record<EmailNotificationType, MailRenderer>> = {
  claim_approved: approvedOrderMail('claim'),
  request_accepted: approvedOrderMail('request'),
  event_created: eventMail,
  event_updated: eventMail,
}
