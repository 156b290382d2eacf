/**
 * The texts of notices by SMS, in the recipient's language (docs/decisions/0051-sms-over-smpp.md):
 * short enough for two segments whatever the food is called. The approval is written from the
 * `order.approved` event's payload (place, window, pickup code); the other kinds from their notice.
 */

import type { SmsNotificationType } from '../../../shared/notification-preferences'
import { pickupWindow } from '../../../shared/pickup'
import { groupedPickupCode } from '../../../shared/pickup-code'
import { fitSegments, smsSegments } from '../../../shared/sms'
import type { DomainEvent, NewNotification } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'

/** A notice by SMS is at most two segments: longer names and places are cut to fit. */
export const MAX_NOTICE_SEGMENTS = 2
/**
 * A food's title and a place are cut to these many characters first, so that the code and the words
 * stay whole: fewer in a UCS-2 text (Sinhala, Tamil, or a title in their script), whose segments
 * hold 67 characters instead of 153.
 */
const LIMITS = { gsm7: { title: 24, place: 32 }, ucs2: { title: 14, place: 18 } } as const
type Limits = (typeof LIMITS)[keyof typeof LIMITS]

/** The text with the GSM-7 limits if it stays GSM-7, else with the UCS-2 ones; cut to two segments at most. */
function fitted(render: (limits: Limits) => string): string {
  const roomy = render(LIMITS.gsm7)
  const text = smsSegments(roomy).encoding === 'gsm7' ? roomy : render(LIMITS.ucs2)
  return fitSegments(text, MAX_NOTICE_SEGMENTS)
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

export function renderSmsNotice(
  notice: NewNotification & { type: SmsNotificationType },
  event: DomainEvent,
  language: string,
): string {
  const t = translator(language)
  if (event.type === 'order.approved' && NOTICE_KEYS[notice.type] === 'sms.notice.approved') {
    const { order } = event.payload
    const l = order.listing
    const window = pickupWindow(l, order.pickupAt)
    const date = dayMonth(window.date)
    const place = [l.pickupAddress, l.pickupCity].filter(Boolean).join(', ')
    return fitted((limits) =>
      t('sms.notice.approved', {
        // Drawn at approval, so always on the approved order's payload (docs/decisions/0047-pickup-codes.md).
        code: order.pickupCode ? groupedPickupCode(order.pickupCode) : '',
        title: short(l.title, limits.title),
        quantity: order.quantity,
        when: window.end ? `${date} ${window.start}-${window.end}` : `${date} ${window.start}`,
        place: short(place, limits.place),
      }),
    )
  }
  return fitted((limits) => t(NOTICE_KEYS[notice.type], shortParams(notice.params, limits)))
}
