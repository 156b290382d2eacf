/** A delivery's steps from pending to delivered (src/shared/delivery.ts says which follows which). */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { DELIVERY_STEPS, type DeliveryAction, deliveryStepRefusal } from '../../../shared/delivery'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { DeliveryCompletionData } from '../../../shared/schemas/order-completion'
import type { Database, Transaction } from '../../db/client'
import { deliveries, listings } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { checkPickupCode, handoverOf, moveOrder, refuseCode } from '../orders/service'
import { approvedSql, type DeliveryActor, getDelivery, partiesOf, presentDeliveries } from './queries'
import { codeLockedEvent, EVENT_OF, notificationsFor } from './step-notices'

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

/**
 * Accepts several waiting deliveries for one volunteer inside the caller's transaction (a run,
 * docs/decisions/0071-volunteer-runs.md): their rows locked in one order (two runs sharing deliveries
 * wait for each other instead of deadlocking), then the same conditional UPDATE as one acceptance.
 * Answers the ids it could not accept (taken meanwhile): the caller then rolls everything back.
 */
export async function acceptDeliveriesFor(
  tx: Transaction,
  ids: readonly string[],
  actor: DeliveryActor,
  now: Date,
): Promise<{ notAccepted: string[] }> {
  await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(inArray(deliveries.id, [...ids]))
    .orderBy(asc(deliveries.id))
    .for('update')
  const updated = await tx
    .update(deliveries)
    .set(stepChanges('accept', actor.id, now))
    .where(and(inArray(deliveries.id, [...ids]), stepCondition('accept', actor.id)))
    .returning({ id: deliveries.id })
  const accepted = new Set(updated.map((row) => row.id))
  const notAccepted = ids.filter((id) => !accepted.has(id))
  if (notAccepted.length > 0) return { notAccepted }
  for (const id of ids) {
    const after = await getDelivery(tx, id)
    await recordEvents(tx, {
      type: 'delivery.accepted',
      payload: {
        deliveryId: id,
        requesterId: after.requester.id,
        donorId: after.listing.donorId,
        volunteerId: actor.id,
      },
      notices: notificationsFor('accept', after, actor),
      changes: [{ table: 'deliveries' }],
    })
  }
  return { notAccepted }
}
