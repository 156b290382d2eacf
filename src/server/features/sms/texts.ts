/**
 * The texts of notices by SMS, in the recipient's language (docs/decisions/0051-sms-over-smpp.md):
 * short enough for two segments whatever the food is called. The approval is written from the
 * `order.approved` event's payload (place, window, pickup code) and names the whole place in up to
 * three segments (docs/decisions/0061-sms-in-time.md); the other kinds from their notice. To a phone
 * shared by a family each says whose account it is for (docs/decisions/0062-the-family-phone.md).
 */

import type { SmsNotificationType } from '../../../shared/notification-preferences'
import { pickupWindow } from '../../../shared/pickup'
import { groupedPickupCode } from '../../../shared/pickup-code'
import { fitSegments, MAX_NOTICE_SEGMENTS, smsSegments } from '../../../shared/sms'
import type { DomainEvent, NewNotification } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'
import { renderMessageSms } from './message-texts'

/** The approval may take three: the street and town in full are worth a third segment. */
export const MAX_APPROVAL_SEGMENTS = 3
/**
 * A food's title and a place are cut to these many characters first, so that the code and the words
 * stay whole: fewer in a UCS-2 text (Sinhala, Tamil, or a title in their script), whose segments
 * hold 67 characters instead of 153.
 */
const LIMITS = { gsm7: { title: 24, place: 32 }, ucs2: { title: 14, place: 18 } } as const
type Limits = (typeof LIMITS)[keyof typeof LIMITS]

/** The limits for the text: the GSM-7 ones if it stays GSM-7 with them, else the UCS-2 ones. */
function limitsFor(render: (limits: Limits) => string): Limits {
  return smsSegments(render(LIMITS.gsm7)).encoding === 'gsm7' ? LIMITS.gsm7 : LIMITS.ucs2
}

/** The text with the limits that suit its alphabet; cut to two segments at most. */
function fitted(render: (limits: Limits) => string): string {
  return fitSegments(render(limitsFor(render)), MAX_NOTICE_SEGMENTS)
}

/**
 * The approval with the whole place when it fits three segments; else the street is cut, never the
 * town, which is what a person asks their way to.
 */
function approvalText(render: (limits: Limits, street: string) => string, street: string): string {
  const limits = limitsFor((l) => render(l, street))
  const fits = (text: string) => smsSegments(text).parts.length <= MAX_APPROVAL_SEGMENTS
  const whole = render(limits, street)
  if (fits(whole)) return whole
  for (let length = [...street].length - 1; length > 3; length--) {
    const text = render(limits, short(street, length))
    if (fits(text)) return text
  }
  return fitSegments(render(limits, ''), MAX_APPROVAL_SEGMENTS)
}

function short(text: string, max: number): string {
  const chars = [...text.trim()]
  return chars.length <= max
    ? text.trim()
    : `${chars
        .slice(0, max - 3)
        .join('')
        .trimEnd()}...`
}

/** `2026-12-01` as `01/12`: the day and month people write on a phone. */
function dayMonth(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`
}

const NOTICE_KEYS = {
  claim_approved: 'sms.notice.approved',
  request_accepted: 'sms.notice.approved',
  claim_declined: 'sms.notice.declined',
  request_declined: 'sms.notice.declined',
  pickup_reminder: 'sms.notice.pickupReminder',
  delivery_assigned: 'sms.notice.deliveryAssigned',
  delivery_picked_up: 'sms.notice.deliveryPickedUp',
  delivery_completed: 'sms.notice.deliveryCompleted',
  event_cancelled: 'sms.notice.eventCancelled',
  first_refusal_offer: 'sms.notice.firstRefusalOffer',
  message_received: 'sms.message.message',
  standing_confirm: 'sms.notice.standingConfirm',
} as const satisfies Record<SmsNotificationType, string>

/** The notice's params with long names cut short (a volunteer's name, a city, a title). */
function shortParams(
  params: Record<string, string | number>,
  limits: Limits,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? short(value, name === 'title' ? limits.title : limits.place) : value,
    ]),
  )
}

/**
 * The notice's text. `forName`: the first name of the account it is for, when the number is shared
 * by several; `params` are added to the notice's own (a first-refusal offer's portions to take).
 */
export function renderSmsNotice(
  notice: NewNotification & { type: SmsNotificationType },
  event: DomainEvent,
  language: string,
  { forName = null, params = {} }: { forName?: string | null; params?: Record<string, number> } = {},
): string {
  const t = translator(language)
  const addressed = (text: string) => (forName ? t('sms.forAccount', { name: forName, text }) : text)
  if (event.type === 'message.sent') return renderMessageSms(event.payload, language, addressed)
  if (event.type === 'order.approved' && NOTICE_KEYS[notice.type] === 'sms.notice.approved') {
    const { order } = event.payload
    const l = order.listing
    const window = pickupWindow(l, order.pickupAt)
    const date = dayMonth(window.date)
    return approvalText(
      (limits, street) =>
        addressed(
          t('sms.notice.approved', {
            // Drawn at approval, so always on the approved order's payload (docs/decisions/0047-pickup-codes.md).
            code: order.pickupCode ? groupedPickupCode(order.pickupCode) : '',
            title: short(l.title, limits.title),
            quantity: order.quantity,
            when: window.end ? `${date} ${window.start}-${window.end}` : `${date} ${window.start}`,
            place: [street, l.pickupCity?.trim()].filter(Boolean).join(', '),
          }),
        ),
      l.pickupAddress?.trim() ?? '',
    )
  }
  return fitted((limits) =>
    addressed(t(NOTICE_KEYS[notice.type], { ...shortParams(notice.params, limits), ...params })),
  )
}
