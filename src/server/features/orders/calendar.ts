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
import { type CalendarEvent, calendarFile } from '../../platform/icalendar'

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

/**
 * `order`'s pickup as `reader` sees it (presented for them), in their language. The requester
 * collects and shows their pickup code; the donor hands the food over and asks for it
 * (docs/decisions/0047-pickup-codes.md).
 */
export function orderCalendarEvent(
  order: Order,
  reader: { id: string; language: string },
  publicUrl: string,
): CalendarEvent {
  const t = translator(reader.language)
  const l = order.listing
  const { start, end } = pickupSpan(order)
  const link = `${publicUrl}/orders/${order.id}`
  const place = [l.pickupAddress, l.pickupCity, t(`districts.${l.pickupDistrict}`), l.pickupPostalCode]
    .filter(Boolean)
    .join(', ')
  const details = { title: l.title, name: order.requester.name, number: orderNumber(order.id) }
  const donor = l.donorId === reader.id
  return {
    uid: order.id,
    start,
    end,
    summary: t(donor ? 'mail.calendar.handOverSummary' : 'mail.calendar.summary', details),
    location: place,
    description: t(donor ? 'mail.calendar.handOverDescription' : 'mail.calendar.description', {
      ...details,
      quantity: order.quantity,
      link,
    }),
    url: link,
    status:
      order.status === 'confirmed' || order.status === 'completed'
        ? 'CONFIRMED'
        : order.status === 'cancelled'
          ? 'CANCELLED'
          : 'TENTATIVE',
  }
}

/** The .ics file of `order` as `reader` sees it. */
export function orderCalendar(
  order: Order,
  reader: { id: string; language: string },
  publicUrl: string,
  now = new Date(),
): string {
  return calendarFile([orderCalendarEvent(order, reader, publicUrl)], now)
}
