/**
 * The e-mail a requester gets when the donor approves their claim or request: where and when to
 * collect, how to reach the donor, the order number, the pickup code and the link to the order summary, in the
 * requester's language, written from the `order.approved` event's payload. The notification channel
 * sends it as the e-mail of claim_approved and request_accepted (orderMails, wired in app.ts), so
 * the requester's e-mail settings apply.
 */
import { eatByText } from '../../../shared/food-safety'
import { displaySriLankanPhone } from '../../../shared/phone'
import { orderNumber, pickupWindow } from '../../../shared/pickup'
import { groupedPickupCode } from '../../../shared/pickup-code'
import type { Order } from '../../../shared/schemas/orders'
import { translator } from '../../platform/i18n'
import type { MailMessage } from '../../platform/mail'
import { defaultMail, type MailRenderer, type MailRenderers } from '../notifications/service'

type MailRecipient = { email: string; name: string; language: string }

/** The approval e-mail's content for `order` (read with every detail: its requester may see them). */
export function approvalMail(order: Order, to: MailRecipient, publicUrl: string): MailMessage {
  const t = translator(to.language)
  const l = order.listing
  const window = pickupWindow(l, order.pickupAt)
  const when = window.end
    ? t('mail.orderApproved.window', { date: window.date, start: window.start, end: window.end })
    : t('mail.orderApproved.at', { date: window.date, time: window.start })
  const address = [l.pickupAddress, l.pickupCity, t(`districts.${l.pickupDistrict}`), l.pickupPostalCode]
    .filter(Boolean)
    .join(', ')
  const channels = [
    l.contactPhone && t('mail.orderApproved.phone', { phone: displaySriLankanPhone(l.contactPhone) }),
    l.contactEmail && t('mail.orderApproved.email', { email: l.contactEmail }),
  ].filter(Boolean)
  const contact = channels.length > 0 ? channels.join('\n') : t('mail.orderApproved.noContact')
  // What the food holds and suits, and until when to eat it, in the requester's words (issue 30).
  const eatBy = l.safeUntil ? eatByText(l.safeUntil) : null
  const food = [
    l.allergens.length > 0 &&
      `${t('listings.fields.allergens')}: ${l.allergens.map((a) => t(`allergens.${a}`)).join(', ')}`,
    l.dietary.length > 0 &&
      `${t('listings.fields.dietary')}: ${l.dietary.map((d) => t(`listings.dietary.tags.${d}`)).join(', ')}`,
    eatBy && t(eatBy.key, eatBy),
  ]
    .filter(Boolean)
    .map((line) => `${line}\n`)
    .join('')
  return {
    to: to.email,
    subject: t('mail.orderApproved.subject', { title: l.title }),
    text: t('mail.orderApproved.text', {
      name: to.name,
      donor: l.donorName,
      title: l.title,
      quantity: order.quantity,
      number: orderNumber(order.id),
      // Drawn at approval, so always on the approved order's payload (docs/decisions/0047-pickup-codes.md).
      code: order.pickupCode ? groupedPickupCode(order.pickupCode) : '',
      address,
      when,
      food,
      contact,
      link: `${publicUrl}/orders/${order.id}`,
    }),
  }
}

/** The approval e-mail of the order in the event; the bell's text should another event ring it. */
const approvedOrderMail: MailRenderer = (context) => {
  const { event, recipient, publicUrl } = context
  if (event.type !== 'order.approved') return defaultMail(context)
  const { subject, text } = approvalMail(event.payload.order, recipient, publicUrl)
  return { subject, text }
}

/** The orders feature's own e-mails. */
export const orderMails: MailRenderers = {
  claim_approved: approvedOrderMail,
  request_accepted: approvedOrderMail,
}
