/**
 * Offering deliveries to volunteers, as a subscriber of the outbox: an approved order with a
 * delivery, a delivery handed back, and the deliveries of an erased volunteer go to the volunteers
 * of both ends. The offer is an event of its own (`delivery.offered`), recorded once per event
 * offered, whose notices ring the volunteers' bells (docs/decisions/0044-domain-events.md).
 */
import type { Database } from '../../db/client'
import type { DomainEvent } from '../../platform/domain-events'
import { recordEvents, type Subscriber } from '../../platform/outbox'
import { offerDelivery } from './lifecycle'

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
