/**
 * An order's pickup as an iCalendar event (RFC 5545; issue 29, item 4): the pickup window, the place
 * once the order is approved (the answer is presented to the reader first, so a pending order says
 * only its area), and the link to the order summary, in the reader's language.
 */
import { orderNumber, pickupWindow } from '../../../shared/pickup'
import { PICKUP_WINDOW_MINUTES } from '../../../shared/reference-data'
import type { Order } from '../../../shared/schemas/orders'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import { translator } from '../../platform/i18n'

/** Text as a property value: backslashes, semicolons, commas and newlines escaped. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** 20261124T123000Z */
const utc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545, 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let start = 0
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length)
    // Never split a UTF-8 character: step back to the start of one.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--
    parts.push(bytes.subarray(start, end).toString('utf8'))
    start = end
  }
  return parts.join('\r\n ')
}

/** When the pickup starts and ends: the donor's window, else an hour from the chosen time. */
export function pickupSpan(order: Pick<Order, 'listing' | 'pickupAt'>): { start: Date; end: Date } {
  const window = pickupWindow(order.listing, order.pickupAt)
  const start = sriLankaInstant(window.date, window.start)
  let end = window.end
    ? sriLankaInstant(window.date, window.end)
    : new Date(start.getTime() + PICKUP_WINDOW_MINUTES * 60_000)
  // A window past midnight ends on the next day.
  if (end.getTime() <= start.getTime()) end = new Date(end.getTime() + 86_400_000)
  return { start, end }
}

/** The .ics file of `order` as `language`'s reader sees it. */
export function orderCalendar(order: Order, language: string, publicUrl: string, now = new Date()): string {
  const t = translator(language)
  const l = order.listing
  const { start, end } = pickupSpan(order)
  const link = `${publicUrl}/orders/${order.id}`
  const place = [l.pickupAddress, l.pickupCity, t(`districts.${l.pickupDistrict}`), l.pickupPostalCode]
    .filter(Boolean)
    .join(', ')
  const description = t('mail.calendar.description', {
    number: orderNumber(order.id),
    quantity: order.quantity,
    link,
  })
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ahara//Pickups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${order.id}@ahara.lk`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(t('mail.calendar.summary', { title: l.title }))}`,
    `LOCATION:${escapeText(place)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${link}`,
    `STATUS:${order.status === 'confirmed' || order.status === 'completed' ? 'CONFIRMED' : order.status === 'cancelled' ? 'CANCELLED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
