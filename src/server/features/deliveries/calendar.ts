/**
 * A delivery as an iCalendar event for each of its people (docs/decisions/0047-pickup-codes.md): an
 * hour from the delivery time and the link to the reader's dashboard, written for the reader. The
 * volunteer collects at the pickup and delivers to the drop-off; the donor hands the food to the
 * volunteer at their pickup address; the requester receives it at their address. Addresses come from
 * the delivery as presented to the reader, so none shows that they may not see.
 */
import type { Delivery } from '../../../shared/schemas/orders'
import type { Database } from '../../db/client'
import { authorize } from '../../platform/authorization'
import { translator } from '../../platform/i18n'
import { type CalendarEvent, calendarFile } from '../../platform/icalendar'
import { type DeliveryActor, getDelivery, partiesOf, presentDeliveries } from './queries'

const DELIVERY_MINUTES = 60

/** Which of a delivery's people `readerId` is; anyone else reads it as its requester would. */
function readerRole(delivery: Delivery, readerId: string): 'volunteer' | 'donor' | 'requester' {
  if (delivery.volunteer?.id === readerId) return 'volunteer'
  if (delivery.listing.donorId === readerId) return 'donor'
  return 'requester'
}

const LINKS = {
  volunteer: '/dashboard/volunteer?tab=my-deliveries',
  donor: '/dashboard/donor?tab=claims',
  requester: '/dashboard/recipient?tab=deliveries',
} as const

/** `delivery` as `reader` sees it (presented for them first), in their language. */
export function deliveryCalendarEvent(
  delivery: Delivery,
  reader: { id: string; language: string },
  publicUrl: string,
): CalendarEvent {
  const t = translator(reader.language)
  const start = new Date(delivery.deliveryAt)
  const place = (parts: (string | null)[], city: string, district: string) =>
    [...parts, city === district ? null : city, t(`districts.${district}`)].filter(Boolean).join(', ')
  const l = delivery.listing
  const pickupArea = place([], l.pickupCity, l.pickupDistrict)
  const pickup = place([l.pickupAddress], l.pickupCity, l.pickupDistrict)
  const dropOffArea = place([], delivery.city, delivery.district)
  const dropOff = place([delivery.address], delivery.city, delivery.district)
  const role = readerRole(delivery, reader.id)
  const link = `${publicUrl}${LINKS[role]}`
  const params = { title: l.title, quantity: delivery.quantity, link }
  const written = {
    volunteer: {
      summary: t('mail.calendar.volunteerSummary', params),
      location: pickup,
      description: t('mail.calendar.volunteerDescription', { ...params, from: pickup, to: dropOff }),
    },
    // The donor's own address; where the food goes, as an area: the street is the volunteer's to know.
    donor: {
      summary: t('mail.calendar.collectionSummary', params),
      location: pickup,
      description: t('mail.calendar.collectionDescription', { ...params, to: dropOffArea }),
    },
    requester: {
      summary: t('mail.calendar.deliverySummary', params),
      location: dropOff,
      description: t('mail.calendar.deliveryDescription', { ...params, from: pickupArea, to: dropOffArea }),
    },
  }[role]
  return {
    uid: `delivery-${delivery.id}`,
    start,
    end: new Date(start.getTime() + DELIVERY_MINUTES * 60_000),
    ...written,
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
