/**
 * The texts of notices by SMS, in the recipient's language (docs/decisions/0051-sms-over-smpp.md):
 * short enough for two segments whatever the food is called. The approval is written from the
 * `order.approved` event's payload (place, window, pickup code); the other kinds from their notice.
 */

import type { SmsNotificationType } from '../../../shared/notification-preferences'
import { pickupWindow } from '../../../shared/pickup'
import { groupedPickupCode } from '../../../shared/pickup-code'
import { fitSegments } from '../../../shared/sms'
import type { DomainEvent, NewNotification } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'

/** A notice by SMS is at most two segments: longer names and places are cut to fit. */
export const MAX_NOTICE_SEGMENTS = 2
/** A food's title and a place are cut to these many characters first: the code and the words stay whole. */
const TITLE_CHARS = 24
const PLACE_CHARS = 32

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
function shortParams(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? short(value, name === 'title' ? TITLE_CHARS : PLACE_CHARS) : value,
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
    return fitSegments(
      t('sms.notice.approved', {
        // Drawn at approval, so always on the approved order's payload (docs/decisions/0047-pickup-codes.md).
        code: order.pickupCode ? groupedPickupCode(order.pickupCode) : '',
        title: short(l.title, TITLE_CHARS),
        quantity: order.quantity,
        when: window.end ? `${date} ${window.start}-${window.end}` : `${date} ${window.start}`,
        place: short(place, PLACE_CHARS),
      }),
      MAX_NOTICE_SEGMENTS,
    )
  }
  return fitSegments(t(NOTICE_KEYS[notice.type], shortParams(notice.params)), MAX_NOTICE_SEGMENTS)
}
