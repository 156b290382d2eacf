/**
 * What happened, as the features record it in the transaction of the change: one union of event
 * types and their payloads (docs/decisions/0044-domain-events.md). Each event also carries the bell
 * notices its feature wrote for it and the realtime topics it changed, so every subscriber works from
 * the event alone and no subscriber reads a feature back.
 */

import type { OrderKind } from '../../shared/orders'
import type { ChangeTopic } from '../../shared/realtime'
import type { NotificationType } from '../../shared/reference-data'
import type { Order } from '../../shared/schemas/orders'

/** A bell notification, as a feature words it: the catalog's notifications.<type> with these params. */
export type NewNotification = {
  userId: string
  type: NotificationType
  params: Record<string, string | number>
  relatedId: string
}

/** What changed: a table (its topic) and row, and for private rows the users who may hear of it. */
export type Change = { table: ChangeTopic; id?: string; userIds?: string[] }

type OrderRef = {
  kind: OrderKind
  orderId: string
  listingId: string
  donorId: string
  requesterId: string
  deliveryId: string | null
}
type DeliveryRef = { deliveryId: string; requesterId: string; donorId: string; volunteerId: string | null }
type RunRef = { runId: string; volunteerId: string; deliveryIds: string[] }
type EventFacts = { eventId: string; title: string; startsAt: string; address: string; city: string }
type Target = 'listing' | 'story' | 'event' | 'message'

export type DomainEventPayloads = {
  'order.placed': OrderRef
  /** The order with every detail its requester may see: the approval e-mail is written from it. */
  'order.approved': OrderRef & { order: Order }
  'order.declined': OrderRef
  'order.cancelled': OrderRef
  'order.completed': OrderRef
  'order.notCollected': OrderRef
  /** The requester replied 1 to the approval SMS: they are coming (docs/decisions/0061-sms-in-time.md). */
  'order.attendanceConfirmed': OrderRef
  /** Five wrong pickup codes: completing with a code is locked for a while (docs/decisions/0047-pickup-codes.md). */
  'order.codeLocked': OrderRef
  'order.rated': { raterId: string; userIds: string[] }
  'delivery.requested': OrderRef & { deliveryId: string }
  /** The volunteers of both ends were told of a delivery waiting for one (features/deliveries). */
  'delivery.offered': { deliveryId: string; volunteerIds: string[] }
  'delivery.accepted': DeliveryRef
  'delivery.handedBack': DeliveryRef
  'delivery.pickedUp': DeliveryRef
  'delivery.delivered': DeliveryRef
  'delivery.cancelled': DeliveryRef
  'delivery.rated': { deliveryId: string }
  /**
   * A volunteer's run (docs/decisions/0071-volunteer-runs.md): made (its deliveries accepted with it),
   * a stop done (the times of the rest move), a delivery handed back out of it, and its last stop done.
   */
  'run.created': RunRef
  'run.stopDone': RunRef & { deliveryId: string; kind: 'pickup' | 'dropoff' }
  'run.deliveryLeft': RunRef & { deliveryId: string }
  'run.completed': RunRef
  'communityEvent.created': EventFacts
  'communityEvent.updated': EventFacts
  'communityEvent.cancelled': EventFacts
  'communityEvent.joined': { eventId: string; userId: string }
  'communityEvent.left': { eventId: string; userId: string }
  'report.created': { reportId: string }
  'report.dismissed': { reportId: string }
  /** A donor posted, edited (its status too: closed, sold out) or the sweep expired listings: Find Food reads again (0063). */
  'listing.created': { listingId: string }
  'listing.updated': { listingId: string }
  'listing.expired': { listingIds: string[] }
  'listing.hidden': { targetId: string; auditId: string }
  'listing.shown': { targetId: string; auditId: string }
  'story.hidden': { targetId: string; auditId: string }
  'story.shown': { targetId: string; auditId: string }
  'communityEvent.hidden': { targetId: string; auditId: string }
  'communityEvent.shown': { targetId: string; auditId: string }
  'message.hidden': { targetId: string; auditId: string }
  'message.shown': { targetId: string; auditId: string }
  'user.warned': { userId: string; auditId: string }
  'user.suspended': { userId: string; auditId: string }
  'user.reinstated': { userId: string; auditId: string }
  'volunteerVetting.verified': { userId: string; auditId: string }
  'volunteerVetting.refused': { userId: string; auditId: string }
  /** A moderator verified or refused an organisation (features/organisations). */
  'organisation.verified': { userId: string; auditId: string }
  'organisation.refused': { userId: string; auditId: string }
  /**
   * A large free listing is offered to the district's verified organisations first, until `until`
   * (docs/decisions/0055-first-refusal.md); its notices tell them.
   */
  'listing.offeredToOrganisations': {
    listingId: string
    district: string
    until: string
    pickupStartsAt?: string
  }
  /** An erased account: its deliveries handed back are offered again (features/my-data). */
  'account.deleted': { userId: string; handedBack: string[] }
  'reminder.due': { reminder: 'pickup_reminder' | 'delivery_reminder' | 'collection_check'; id: string }
  'bell.read': { userId: string }
  /**
   * A party wrote in an order's or a delivery's thread (features/messages): the SMS to the others
   * is written from it, so the words stay out of the bell's params (docs/decisions/0066-messages.md).
   */
  'message.sent': {
    thread: 'order' | 'delivery'
    threadId: string
    messageId: string
    authorId: string
    authorName: string
    quick: string | null
    text: string | null
  }
  /** Standing offers' occurrences (docs/decisions/0068-standing-arrangements.md). */
  'standingOffer.asked': { offerId: string; date: string }
  'standingOffer.posted': { offerId: string; date: string; listingId: string }
  'standingOffer.skipped': { offerId: string; date: string }
  'standingOffer.takerSkipped': { offerId: string; date: string }
  'standingOffer.takerPaused': { offerId: string; takerId: string }
}

export type DomainEventType = keyof DomainEventPayloads

/** What a report or a moderator's decision calls each kind of content, as domain events name it. */
const CONTENT_EVENT_SUBJECTS = {
  listing: 'listing',
  story: 'story',
  event: 'communityEvent',
  message: 'message',
} as const satisfies Record<Target, string>

/**
 * `listing.hidden`, `communityEvent.shown`...: a moderator's decision on a piece of content (a
 * community event is never just `event`, docs/glossary.md).
 */
export function contentEvent(
  target: Target,
  hidden: boolean,
): `${(typeof CONTENT_EVENT_SUBJECTS)[Target]}.${'hidden' | 'shown'}` {
  return `${CONTENT_EVENT_SUBJECTS[target]}.${hidden ? 'hidden' : 'shown'}`
}

/** An event as a feature records it. */
export type NewDomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    type: K
    payload: DomainEventPayloads[K]
    /** The bells it rings, worded by the feature that owns them (default: none). */
    notices?: NewNotification[]
    /** The realtime topics it changed (default: none). */
    changes?: Change[]
  }
}[T]

/** An event as the outbox stored it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    id: string
    type: K
    payload: DomainEventPayloads[K]
    notices: NewNotification[]
    changes: Change[]
    createdAt: Date
  }
}[T]
