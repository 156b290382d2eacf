/**
 * Offering deliveries to volunteers, as a subscriber of the outbox: an approved order with a
 * delivery, a delivery handed back, and the deliveries of an erased volunteer go to the volunteers
 * of both ends. The offer is an event of its own (`delivery.offered`), recorded once per event
 * offered, whose notices ring the volunteers' bells (docs/decisions/0044-domain-events.md).
 */
import { and, eq } from 'drizzle-orm'
import { type DeliveryEnds, reachesBothEnds } from '../../../shared/delivery'
import { pointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { users } from '../../db/schema'
import type { DomainEvent, NewNotification } from '../../platform/domain-events'
import { recordEvents, type Subscriber } from '../../platform/outbox'
import { getDelivery } from './queries'

/**
 * Verified volunteers who can reach both ends (reachesBothEnds: their district, or one their location
 * text names): the same rule lists a waiting delivery for them and lets them accept it. The rule is
 * read here rather than in SQL so that it has one form. A volunteer still waiting for a moderator
 * could not accept it, so is not offered it (docs/decisions/0038-trust-ratings-fair-use.md).
 */
async function volunteersReaching(db: Database, ends: DeliveryEnds, exceptIds: readonly string[]) {
  const rows = await db
    .select(columnsOf(users, 'id', 'district', 'location', 'homeLat', 'homeLng', 'reachKm'))
    .from(users)
    .where(and(eq(users.role, 'volunteer'), eq(users.isVerified, true)))
  return rows
    .filter((v) => reachesBothEnds({ ...v, homePoint: pointOf(v.homeLat, v.homeLng) }, ends))
    .filter((v) => !exceptIds.includes(v.id))
    .map((v) => v.id)
}

/**
 * Offers an approved delivery to the volunteers who can reach its pickup and its drop-off. They are
 * not told who asked: that comes with the assignment. When no volunteer is left to ask (none can
 * reach it, or the only ones handed it back), the requester hears so, and may collect the food
 * instead (docs/decisions/0047-pickup-codes.md).
 */
export async function offerDelivery(db: Database, id: string, exceptIds: string[] = []) {
  const delivery = await getDelivery(db, id)
  // A standing volunteer's day comes already held: nobody else is asked (docs/decisions/0069-standing-deliveries.md).
  if (delivery.status !== 'pending') return { volunteerIds: [], notifications: [] }
  const volunteerIds = await volunteersReaching(
    db,
    {
      pickupDistrict: delivery.listing.pickupDistrict,
      district: delivery.district,
      pickupPoint: delivery.listing.pickupPoint,
      dropOffPoint: delivery.dropOffPoint,
    },
    [delivery.requester.id, ...exceptIds],
  )
  const params = {
    title: delivery.listing.title,
    city: delivery.city,
    district: delivery.district,
    fee: delivery.fee,
  }
  const notifications: NewNotification[] =
    volunteerIds.length === 0
      ? [{ userId: delivery.requester.id, type: 'delivery_unreachable', params, relatedId: id }]
      : volunteerIds.map((userId) => ({ userId, type: 'delivery_request', params, relatedId: id }))
  return { volunteerIds, notifications }
}

/** The deliveries an event puts up for offer, and who is not offered them again. */
function offered(event: DomainEvent): { ids: string[]; exceptIds: string[] } {
  if (event.type === 'order.approved' && event.payload.deliveryId) {
    return { ids: [event.payload.deliveryId], exceptIds: [] }
  }
  if (event.type === 'delivery.handedBack') {
    return {
      ids: [event.payload.deliveryId],
      exceptIds: event.payload.volunteerId ? [event.payload.volunteerId] : [],
    }
  }
  if (event.type === 'account.deleted')
    return { ids: event.payload.handedBack, exceptIds: [event.payload.userId] }
  return { ids: [], exceptIds: [] }
}

export function offersSubscriber(db: Database): Subscriber {
  return {
    name: 'offers',
    hears: (event) => offered(event).ids.length > 0,
    async deliver(event, delivery) {
      const { ids, exceptIds } = offered(event)
      const offers = await Promise.all(ids.map((id) => offerDelivery(db, id, exceptIds)))
      // The volunteers are chosen once: the event that tells them commits with the mark of this delivery.
      await delivery.once((tx) =>
        recordEvents(
          tx,
          ...offers.map((offer, i) => ({
            type: 'delivery.offered' as const,
            payload: { deliveryId: ids[i]!, volunteerIds: offer.volunteerIds },
            notices: offer.notifications,
            changes: [{ table: 'deliveries' as const }],
          })),
        ),
      )
    },
  }
}
