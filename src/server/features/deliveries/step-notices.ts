import type { DeliveryAction } from '../../../shared/delivery'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { DomainEventType, NewDomainEvent, NewNotification } from '../../platform/domain-events'
import type { DeliveryActor, DeliveryRecord } from './queries'

/** The fifth wrong drop-off code: the volunteer and the recipient hear that it is locked until `until`. */
export function codeLockedEvent(delivery: DeliveryRecord, until: Date): NewDomainEvent {
  const order = delivery.order!
  const params = { title: delivery.listing.title, time: sriLankaParts(until).time, kind: order.kind }
  const notice = (userId: string): NewNotification => ({
    userId,
    type: 'pickup_code_locked',
    params,
    relatedId: delivery.id,
  })
  const parties = [delivery.requester.id, delivery.volunteer?.id].filter((userId) => userId !== undefined)
  return {
    type: 'order.codeLocked',
    payload: {
      kind: order.kind,
      orderId: order.id,
      listingId: delivery.listing.id,
      donorId: delivery.listing.donorId,
      requesterId: delivery.requester.id,
      deliveryId: delivery.id,
    },
    notices: parties.map(notice),
    changes: [
      { table: 'deliveries' },
      { table: 'orders', userIds: [delivery.listing.donorId, delivery.requester.id] },
    ],
  }
}

export const EVENT_OF = {
  accept: 'delivery.accepted',
  'hand-back': 'delivery.handedBack',
  'pick-up': 'delivery.pickedUp',
  complete: 'delivery.delivered',
  cancel: 'delivery.cancelled',
} as const satisfies Record<DeliveryAction, DomainEventType>

export function notificationsFor(action: DeliveryAction, delivery: DeliveryRecord, actor: DeliveryActor) {
  const params = {
    volunteer: actor.name,
    name: delivery.requester.name,
    city: delivery.city,
    title: delivery.listing.title,
    quantity: delivery.quantity,
  }
  const to = (userId: string, type: NewNotification['type']): NewNotification => ({
    userId,
    type,
    params,
    relatedId: delivery.id,
  })
  const requester = delivery.requester.id
  const donor = delivery.listing.donorId
  const byAction: Record<DeliveryAction, NewNotification[]> = {
    accept: [to(requester, 'delivery_assigned'), to(donor, 'delivery_assigned')],
    'hand-back': [to(requester, 'delivery_handed_back'), to(donor, 'delivery_handed_back')],
    'pick-up': [to(requester, 'delivery_picked_up')],
    complete: [to(requester, 'delivery_completed')],
    cancel: [to(donor, 'delivery_cancelled')],
  }
  return byAction[action]
}
