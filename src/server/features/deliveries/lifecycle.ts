/** Asking for a delivery (an order with it), its steps from pending to delivered, and its rating. */
import { and, eq, isNull } from 'drizzle-orm'
import {
  DELIVERY_STEPS,
  type DeliveryAction,
  type DeliveryEnds,
  deliveryFee,
  deliveryStepRefusal,
  reachesBothEnds,
} from '../../../shared/delivery'
import type { FairUseLimits } from '../../../shared/fair-use'
import type { Actor } from '../../../shared/policy'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { Delivery, DeliveryCompletionData, DeliveryData } from '../../../shared/schemas/orders'
import { pointOf } from '../../../shared/schemas/point'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { deliveries, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import type { DomainEventType, NewDomainEvent, NewNotification } from '../../platform/domain-events'
import { conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { checkPickupCode, createDeliveryOrder, handoverOf, moveOrder, refuseCode } from '../orders/service'
import { addRating } from '../ratings/service'

import {
  approvedSql,
  type DeliveryActor,
  type DeliveryRecord,
  getDelivery,
  partiesOf,
  presentDeliveries,
} from './queries'

/**
 * Verified volunteers who can reach both ends (reachesBothEnds: their district, or one their location
 * text names): the same rule lists a waiting delivery for them and lets them accept it. The rule is
 * read here rather than in SQL so that it has one form. A volunteer still waiting for a moderator
 * could not accept it, so is not offered it (docs/decisions/0038-trust-ratings-fair-use.md).
 */
async function volunteersReaching(db: Database, ends: DeliveryEnds, exceptIds: readonly string[]) {
  const rows = await db
    .select({
      id: users.id,
      district: users.district,
      location: users.location,
      homeLat: users.homeLat,
      homeLng: users.homeLng,
      reachKm: users.reachKm,
    })
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

/**
 * Request Delivery: an order (claim or request, by the listing's price type) reserving the portions
 * and the delivery carrying them, in one transaction under the listing's row lock. The donor
 * approves the order before any volunteer hears of it (docs/decisions/0027-delivery-is-part-of-an-order.md).
 */
export async function createDelivery(
  db: Database,
  listingId: string,
  requester: DeliveryActor,
  input: DeliveryData,
  limits: FairUseLimits,
) {
  const district = input.district as Exclude<DeliveryData['district'], ''>
  const deliveryAt = sriLankaInstant(input.deliveryDate, input.deliveryTime)
  const { order, attached, listing } = await createDeliveryOrder(
    db,
    listingId,
    requester,
    { quantity: input.quantity, deliveryAt, phone: input.phone, notes: input.specialInstructions ?? null },
    limits,
    async (tx: Transaction, placed, locked) => {
      const [row] = await tx
        .insert(deliveries)
        .values({
          listingId,
          requesterId: requester.id,
          claimId: placed.kind === 'claim' ? placed.id : null,
          foodRequestId: placed.kind === 'request' ? placed.id : null,
          quantity: input.quantity,
          address: input.address,
          city: input.city,
          district,
          postalCode: input.postalCode ?? null,
          dropOffLat: input.dropOffPoint?.lat ?? null,
          dropOffLng: input.dropOffPoint?.lng ?? null,
          deliveryAt,
          phone: input.phone,
          email: requester.email,
          specialInstructions: input.specialInstructions ?? null,
          urgent: input.urgent,
          // The fee is the server's, from the district table; the client's figure is never read.
          fee: deliveryFee(district, input.urgent),
        })
        .returning({ id: deliveries.id, fee: deliveries.fee })
      const userIds = [requester.id, locked.donorId]
      await recordEvents(tx, {
        type: 'delivery.requested',
        payload: {
          kind: placed.kind,
          orderId: placed.id,
          listingId,
          donorId: locked.donorId,
          requesterId: requester.id,
          deliveryId: row!.id,
        },
        notices: [
          {
            userId: locked.donorId,
            type: 'delivery_order',
            params: {
              name: requester.name,
              quantity: input.quantity,
              title: locked.title,
              city: input.city,
              kind: placed.kind,
            },
            relatedId: placed.id,
          },
        ],
        changes: [{ table: 'deliveries', userIds }, { table: 'orders', userIds }, { table: 'listings' }],
      })
      return row!
    },
  )
  return { id: attached.id, fee: attached.fee, order, listing }
}

/** Who may take each step (src/shared/policy.ts); the order of the steps is src/shared/delivery.ts. */
const PERMISSION = {
  accept: 'delivery.accept',
  'hand-back': 'delivery.deliver',
  'pick-up': 'delivery.deliver',
  complete: 'delivery.deliver',
  cancel: 'delivery.cancel',
} as const

/** The row a step may change: in the status it starts from, and held by the right person. */
function stepCondition(action: DeliveryAction, actorId: string) {
  const from = eq(deliveries.status, DELIVERY_STEPS[action].from)
  if (action === 'accept') return and(from, isNull(deliveries.volunteerId), approvedSql)
  if (action === 'cancel') return and(from, isNull(deliveries.volunteerId))
  return and(from, eq(deliveries.volunteerId, actorId))
}

function stepChanges(action: DeliveryAction, actorId: string, now: Date) {
  const status: DeliveryStatus = DELIVERY_STEPS[action].to
  const base = { status, updatedAt: now }
  if (action === 'accept') return { ...base, volunteerId: actorId, assignedAt: now }
  if (action === 'hand-back') return { ...base, volunteerId: null, assignedAt: null }
  if (action === 'pick-up') return { ...base, pickedUpAt: now }
  if (action === 'complete') return { ...base, completedAt: now }
  return base
}

/**
 * Takes one step of a delivery. Each is one conditional UPDATE (of two volunteers accepting at
 * once, exactly one row changes); delivering completes its order and cancelling cancels it (the
 * portions return), in the same transaction with the listing locked first, as orders lock it.
 * Delivering takes the recipient's pickup code, or says why not (docs/decisions/0047-pickup-codes.md):
 * 400 for a wrong code, 429 after five.
 */
export async function transitionDelivery(
  db: Database,
  id: string,
  action: DeliveryAction,
  actor: DeliveryActor,
  dropOff?: DeliveryCompletionData,
) {
  const before = await getDelivery(db, id)
  authorize(actor, PERMISSION[action], partiesOf(before))
  const refusal = deliveryStepRefusal(action, before)
  if (refusal) throw conflict(refusal)
  const now = new Date()
  const moves = Boolean((action === 'complete' || action === 'cancel') && before.order)
  const outcome = await db.transaction(async (tx) => {
    if (moves)
      await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.id, before.listing.id))
        .for('update')
    if (action === 'complete' && before.order) {
      const check = await checkPickupCode(
        tx,
        before.order.kind,
        before.order.id,
        dropOff ?? { withoutCode: false },
        now,
        (until) => codeLockedEvent(before, until),
      )
      if (!('right' in check)) return check
    }
    const updated = await tx
      .update(deliveries)
      .set(stepChanges(action, actor.id, now))
      .where(and(eq(deliveries.id, id), stepCondition(action, actor.id)))
      .returning({ id: deliveries.id })
    if (updated.length === 0) {
      // Someone else moved it meanwhile: say why from where it is now.
      const [current] = await tx
        .select({ status: deliveries.status })
        .from(deliveries)
        .where(eq(deliveries.id, id))
      const state = { status: (current?.status ?? before.status) as DeliveryStatus, approved: true }
      throw conflict(deliveryStepRefusal(action, state) ?? 'deliveries.errors.alreadyTaken')
    }
    if (moves && before.order) {
      const completes = action === 'complete'
      await moveOrder(
        tx,
        before.order.kind,
        before.order.id,
        completes ? 'complete' : 'withdraw',
        completes && dropOff ? handoverOf(dropOff) : {},
      )
    }
    const after = await getDelivery(tx, id)
    await recordEvents(tx, {
      type: EVENT_OF[action],
      payload: {
        deliveryId: id,
        requesterId: after.requester.id,
        donorId: after.listing.donorId,
        volunteerId: action === 'cancel' ? null : actor.id,
      },
      notices: notificationsFor(action, after, actor),
      // Everyone who may list it: the requester, the donor, its volunteer, and volunteers while it
      // waits; delivering completes its order and cancelling cancels it (the portions return).
      changes: [
        { table: 'deliveries' },
        ...(moves
          ? [
              { table: 'orders' as const, userIds: [after.listing.donorId, after.requester.id] },
              { table: 'listings' as const },
            ]
          : []),
      ],
    })
    return { done: after }
  })
  if (!('done' in outcome)) refuseCode(outcome)
  return (await presentDeliveries(db, actor, [outcome.done]))[0]!
}

/** The fifth wrong drop-off code: the volunteer and the recipient hear that it is locked until `until`. */
function codeLockedEvent(delivery: DeliveryRecord, until: Date): NewDomainEvent {
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

const EVENT_OF = {
  accept: 'delivery.accepted',
  'hand-back': 'delivery.handedBack',
  'pick-up': 'delivery.pickedUp',
  complete: 'delivery.delivered',
  cancel: 'delivery.cancelled',
} as const satisfies Record<DeliveryAction, DomainEventType>

function notificationsFor(action: DeliveryAction, delivery: DeliveryRecord, actor: DeliveryActor) {
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

/** The requester rates a completed delivery once, 1 to 5. */
export async function rateDelivery(
  db: Database,
  id: string,
  actor: Actor,
  rating: number,
): Promise<Delivery> {
  const before = await getDelivery(db, id)
  authorize(actor, 'delivery.rate', partiesOf(before))
  if (before.status !== 'completed' || !before.volunteer) throw conflict('deliveries.errors.cannotRate')
  // The same model as the orders' ratings: it counts in the volunteer's average.
  await addRating(
    db,
    { kind: 'delivery', id },
    actor.id,
    before.volunteer.id,
    rating,
    null,
    'deliveries.errors.cannotRate',
    { type: 'delivery.rated', payload: { deliveryId: id }, changes: [{ table: 'deliveries' }] },
  )
  return (await presentDeliveries(db, actor, [await getDelivery(db, id)]))[0]!
}
