/** Moving orders through their lifecycle (docs/decisions/0006-one-order-model.md). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { OrderAction, OrderKind } from '../../../shared/orders'
import { drawPickupCode } from '../../../shared/pickup-code'
import type { NotificationType, OrderStatus } from '../../../shared/reference-data'
import { pickupIsOver } from '../../../shared/reminders'
import type { Order } from '../../../shared/schemas/orders'
import { type Database, rowsOf, type Transaction } from '../../db/client'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'
import type { Change, DomainEventType, NewNotification } from '../../platform/domain-events'
import { conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { bumped } from '../listings/service'
import { getOrder, getOrderFor, presentOrders, type SessionUserLike, tableOf } from './queries'

/**
 * The steps of an order. `withdraw` is a delivery's: its requester cancels it while no volunteer
 * has it, approved or not, and its order goes with it. `not-collected` is the donor's answer to the
 * collection check: the recipient did not come, so the order ends like a decline (portions back).
 */
const TRANSITIONS: Record<OrderAction | 'withdraw', { from: OrderStatus[]; to: OrderStatus }> = {
  approve: { from: ['pending'], to: 'confirmed' },
  decline: { from: ['pending'], to: 'cancelled' },
  cancel: { from: ['pending'], to: 'cancelled' },
  complete: { from: ['confirmed'], to: 'completed' },
  'not-collected': { from: ['confirmed'], to: 'cancelled' },
  withdraw: { from: ['pending', 'confirmed'], to: 'cancelled' },
}

/** What a completion records of the handover (docs/decisions/0047-pickup-codes.md). */
export type Handover = Pick<
  Partial<typeof foodRequests.$inferInsert>,
  'handoverVerified' | 'unverifiedReason' | 'cashPaid' | 'weightKg'
>

const PERMISSION = {
  approve: 'order.decide',
  decline: 'order.decide',
  'not-collected': 'order.decide',
  cancel: 'order.cancel',
} as const

/**
 * One step of an order inside the caller's transaction, with the listing row locked first (as
 * reserving does), so portions cannot be counted twice. Cancelled portions go back to the listing;
 * the last collected order of a fully taken listing completes it. 409 when the order is not in a
 * state the step starts from.
 */
export async function moveOrder(
  tx: Transaction,
  kind: OrderKind,
  id: string,
  action: OrderAction | 'withdraw',
  /** What the handover recorded, on a completion (handover.ts). */
  handover: Handover = {},
): Promise<void> {
  const rule = TRANSITIONS[action]
  const table = tableOf[kind]
  const now = new Date()
  const [order] = await tx.select({ listingId: table.listingId }).from(table).where(eq(table.id, id))
  if (!order) throw conflict(`orders.errors.not_${rule.from[0]}`)
  const [listing] = await tx.select().from(listings).where(eq(listings.id, order.listingId)).for('update')
  const changes: Partial<typeof foodRequests.$inferInsert> = { status: rule.to, updatedAt: now }
  if (action === 'approve' || action === 'decline') changes.decidedAt = now
  // Drawn once, at approval: the recipient shows it at the handover (docs/decisions/0047-pickup-codes.md).
  if (action === 'approve') changes.pickupCode = drawPickupCode()
  if (action === 'complete') Object.assign(changes, handover, { completedAt: now })
  if (action === 'not-collected') changes.noShowAt = now
  const updated = await tx
    .update(table)
    .set(changes)
    .where(and(eq(table.id, id), inArray(table.status, rule.from)))
    .returning({ quantity: table.quantity })
  if (updated.length === 0) throw conflict(`orders.errors.not_${rule.from[0]}`)
  if (!listing) return
  if (rule.to === 'cancelled') {
    const quantity = Math.min(listing.initialQuantity, listing.quantity + updated[0]!.quantity)
    const reopen = listing.status === 'claimed' && listing.expiresAt.getTime() > now.getTime()
    await tx
      .update(listings)
      .set({
        quantity,
        updatedAt: now,
        version: bumped,
        ...(reopen ? { status: 'available', claimedBy: null, claimedAt: null } : {}),
      })
      .where(eq(listings.id, listing.id))
  }
  if (action === 'complete' && listing.quantity === 0) {
    // The last open order collected: the donation is complete.
    const open = await tx.execute(sql`
      select 1 from ${claims} where ${claims.listingId} = ${listing.id} and ${inArray(claims.status, ['pending', 'confirmed'])}
      union all
      select 1 from ${foodRequests} where ${foodRequests.listingId} = ${listing.id} and ${inArray(foodRequests.status, ['pending', 'confirmed'])}
      limit 1`)
    if (rowsOf(open).length === 0) {
      await tx
        .update(listings)
        .set({ status: 'completed', updatedAt: now, version: bumped })
        .where(eq(listings.id, listing.id))
    }
  }
}

/**
 * Moves an order along its lifecycle. Only the listing's donor decides and completes; only the
 * requester cancels. An order with a delivery is completed by its volunteer delivering it (so it
 * is never marked not collected either), and declining or cancelling it cancels the delivery in the
 * same transaction. Not collected only once the pickup is over: until then the recipient may come.
 */
export async function transitionOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  action: Exclude<OrderAction, 'complete'>,
  actor: SessionUserLike,
): Promise<Order> {
  const before = await getOrderFor(db, kind, id, actor, PERMISSION[action])
  if (action === 'not-collected' && before.delivery) {
    throw conflict('orders.errors.completedByDelivery')
  }
  if (action === 'not-collected') {
    if (before.status !== 'confirmed') throw conflict('orders.errors.notCollectedNotApproved')
    if (!pickupIsOver(before.pickupAt, new Date())) throw conflict('orders.errors.pickupNotOver')
  }

  const record = await db.transaction(async (tx) => {
    await moveOrder(tx, kind, id, action)
    if (TRANSITIONS[action].to === 'cancelled' && before.delivery) {
      // A pending order's delivery has no volunteer yet: it is offered only once approved.
      await tx
        .update(deliveries)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(
          and(
            eq(deliveries.id, before.delivery.id),
            eq(deliveries.status, 'pending'),
            isNull(deliveries.volunteerId),
          ),
        )
    }
    // What happened, read with every detail in the transaction: the notices and the approval
    // e-mail are written from it (docs/decisions/0044-domain-events.md).
    const after = await getOrder(tx, kind, id)
    await recordEvents(tx, orderEvent(kind, action, after, actor))
    return after
  })

  // The answer is what the actor may see.
  const [order] = await presentOrders(db, actor, [record])
  return order!
}

const EVENT_OF = {
  approve: 'order.approved',
  decline: 'order.declined',
  cancel: 'order.cancelled',
  complete: 'order.completed',
  'not-collected': 'order.notCollected',
} as const satisfies Record<OrderAction, DomainEventType>

/** The realtime topics an order's step changes: its parties' orders, the listing, its delivery. */
export function orderChanges(order: Pick<Order, 'listing' | 'requester' | 'delivery'>): Change[] {
  return [
    { table: 'orders', userIds: [order.listing.donorId, order.requester.id] },
    { table: 'listings' },
    ...(order.delivery ? [{ table: 'deliveries' as const }] : []),
  ]
}

/** Which order an event is about, and its parties: the payload every order event carries. */
export function orderRef(kind: OrderKind, order: Order) {
  return {
    kind,
    orderId: order.id,
    listingId: order.listing.id,
    donorId: order.listing.donorId,
    requesterId: order.requester.id,
    deliveryId: order.delivery?.id ?? null,
  }
}

/** The event of one step of an order, with the notices it rings and the topics it changed. */
export function orderEvent(kind: OrderKind, action: OrderAction, order: Order, actor: SessionUserLike) {
  const ref = orderRef(kind, order)
  const common = { notices: notificationsFor(kind, action, order, actor), changes: orderChanges(order) }
  const type = EVENT_OF[action]
  return type === 'order.approved'
    ? { type, payload: { ...ref, order }, ...common }
    : { type, payload: ref, ...common }
}

function notificationsFor(
  kind: OrderKind,
  action: OrderAction,
  order: Order,
  actor: SessionUserLike,
): NewNotification[] {
  const params = {
    name: order.requester.name,
    title: order.listing.title,
    quantity: order.quantity,
    donor: actor.name,
  }
  const to = (userId: string, type: NotificationType): NewNotification => ({
    userId,
    type,
    params,
    relatedId: order.id,
  })
  if (action === 'approve') {
    return kind === 'claim'
      ? [to(order.requester.id, 'claim_approved'), to(order.listing.donorId, 'claim_approved_donor')]
      : [to(order.requester.id, 'request_accepted')]
  }
  if (action === 'decline') {
    return kind === 'claim'
      ? [to(order.requester.id, 'claim_declined'), to(order.listing.donorId, 'claim_declined_donor')]
      : [to(order.requester.id, 'request_declined')]
  }
  if (action === 'cancel') return [to(order.listing.donorId, 'order_cancelled')]
  if (action === 'not-collected') {
    // `kind` lets the bell open the order it is about.
    return [{ ...to(order.requester.id, 'order_not_collected'), params: { ...params, kind } }]
  }
  return []
}

/**
 * The requester lets their order go by replying 0 to an SMS (docs/decisions/0052-sms-replies.md): a
 * pending order is cancelled as on the web; an approved one they cannot collect is withdrawn (the
 * portions return at once instead of a no-show after the window), and the donor is told either
 * way. An order with a delivery is left to the web, where its volunteer is seen.
 */
export async function releaseOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  actor: SessionUserLike,
): Promise<Order> {
  const before = await getOrderFor(db, kind, id, actor, PERMISSION.cancel)
  if (before.delivery) throw conflict('orders.errors.not_pending')
  return db.transaction(async (tx) => {
    await moveOrder(tx, kind, id, before.status === 'pending' ? 'cancel' : 'withdraw')
    const after = await getOrder(tx, kind, id)
    await recordEvents(tx, orderEvent(kind, 'cancel', after, actor))
    return after
  })
}
