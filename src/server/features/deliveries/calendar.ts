/**
 * A delivery as an iCalendar event for its people (docs/decisions/0047-pickup-codes.md): an hour
 * from the delivery time, the drop-off address and the route, and the link to the reader's dashboard.
 */
import type { Delivery } from '../../../shared/schemas/orders'
import type { Database } from '../../db/client'
import { authorize } from '../../platform/auth'
import { translator } from '../../platform/i18n'
import { type CalendarEvent, calendarFile } from '../../platform/icalendar'
import { type DeliveryActor, getDelivery, partiesOf, presentDeliveries } from './queries'

const DELIVERY_MINUTES = 60

/** `delivery` as `reader` sees it (presented for them first), in their language. */
export function deliveryCalendarEvent(
  delivery: Delivery,
  reader: { id: string; language: string },
  publicUrl: string,
): CalendarEvent {
  const t = translator(reader.language)
  const start = new Date(delivery.deliveryAt)
  const area = (city: string, district: string) =>
    city === district ? t(`districts.${district}`) : `${city}, ${t(`districts.${district}`)}`
  const to = area(delivery.city, delivery.district)
  const link =
    delivery.volunteer?.id === reader.id
      ? `${publicUrl}/dashboard/volunteer?tab=my-deliveries`
      : delivery.listing.donorId === reader.id
        ? `${publicUrl}/dashboard/donor?tab=claims`
        : `${publicUrl}/dashboard/recipient?tab=deliveries`
  return {
    uid: `delivery-${delivery.id}`,
    start,
    end: new Date(start.getTime() + DELIVERY_MINUTES * 60_000),
    summary: t('mail.calendar.deliverySummary', { title: delivery.listing.title }),
    location: delivery.address ? `${delivery.address}, ${to}` : to,
    description: t('mail.calendar.deliveryDescription', {
      quantity: delivery.quantity,
      from: area(delivery.listing.pickupCity, delivery.listing.pickupDistrict),
      to,
      link,
    }),
    url: link,
    status:
      delivery.status === 'cancelled'
        ? 'CANCELLED'
        : delivery.status === 'pending'
          ? 'TENTATIVE'
          : 'CONFIRMED',
  }
}

/** The .ics of a delivery for its requester, donor or volunteer (403 for anyone else). */
export async function deliveryCalendarFile(
  db: Database,
  id: string,
  reader: DeliveryActor & { language: string },
  publicUrl: string,
): Promise<string> {
  const record = await getDelivery(db, id)
  authorize(reader, 'delivery.seeContact', partiesOf(record))
  const [delivery] = await presentDeliveries(db, reader, [record])
  return calendarFile([deliveryCalendarEvent(delivery!, reader, publicUrl)])
}
