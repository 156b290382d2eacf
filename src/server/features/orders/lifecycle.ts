/** Placing orders (portions reserved under a row lock) and moving them through their lifecycle. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type ListingType,
  MAX_REQUEST_QUANTITY,
  type NotificationType,
  type OrderStatus,
} from '../../../shared/reference-data'
import type { ClaimData, FoodRequestData, Order } from '../../../shared/schemas/orders'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { claims, foodRequests, listings } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { conflict } from '../../platform/errors'
import { bumped, lockOrderableListing } from '../listings/service'
import type { NewNotification } from '../notifications/service'

import { getOrder, type OrderKind, partiesOf, type SessionUserLike, tableOf } from './queries'

/** A claim takes free food only, a food request half-price food only (else food leaves unpaid). */
const WRONG_TYPE = {
  free: 'orders.errors.notForSale',
  'half-price': 'orders.errors.notFree',
} as const

/** Claims take free food, requests half-price food. */
const ORDER_ACTION = { free: 'listing.claim', 'half-price': 'listing.request' } as const

/**
 * Reserves portions for a claim or request in one transaction, with the listing row locked: no two
 * people can get the same portion. At 0 the listing turns 'claimed'.
 */
async function reserve<T>(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  type: ListingType,
  quantity: number,
  maxQuantity: (remaining: number) => number,
  insert: (tx: Transaction, listing: typeof listings.$inferSelect) => Promise<T>,
): Promise<{ created: T; listing: typeof listings.$inferSelect }> {
  return db.transaction(async (tx) => {
    const listing = await lockOrderableListing(tx, listingId)
    authorize(user, ORDER_ACTION[type], listing)
    if (listing.type !== type) throw conflict(WRONG_TYPE[listing.type as ListingType])
    const max = maxQuantity(listing.quantity)
    if (quantity > max) throw conflict('orders.errors.onlyAvailable', { n: max })
    const created = await insert(tx, listing)
    const remaining = listing.quantity - quantity
    const now = new Date()
    await tx
      .update(listings)
      .set(
        remaining === 0
          ? {
              quantity: 0,
              status: 'claimed',
              claimedBy: user.id,
              claimedAt: now,
              updatedAt: now,
              version: bumped,
            }
          : { quantity: remaining, updatedAt: now, version: bumped },
      )
      .where(eq(listings.id, listingId))
    return { created, listing }
  })
}

export async function createClaim(db: Database, listingId: string, user: SessionUserLike, input: ClaimData) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'free',
    input.quantity,
    (remaining) => remaining,
    async (tx) => {
      const [row] = await tx
        .insert(claims)
        .values({
          listingId,
          claimantId: user.id,
          quantity: input.quantity,
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
          contactMethod: input.contactMethod,
          phone: input.phone || null,
          email: input.email || null,
          notes: input.notes ?? null,
        })
        .returning({ id: claims.id })
      return row!.id
    },
  )
  const notification: NewNotification = {
    userId: listing.donorId,
    type: 'food_claim',
    params: { name: user.name, quantity: input.quantity, title: listing.title },
    relatedId: created,
  }
  return { id: created, listing, notifications: [notification] }
}

export async function createFoodRequest(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: FoodRequestData,
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'half-price',
    input.quantity,
    (remaining) => Math.min(MAX_REQUEST_QUANTITY, remaining),
    async (tx, locked) => {
      const [row] = await tx
        .insert(foodRequests)
        .values({
          listingId,
          requesterId: user.id,
          quantity: input.quantity,
          // The price is the listing's, never the client's.
          unitPrice: locked.price,
          totalPrice: locked.price * input.quantity,
          paymentMethod: input.paymentMethod,
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
          phone: input.phone,
          email: user.email,
          notes: input.notes ?? null,
        })
        .returning({ id: foodRequests.id, totalPrice: foodRequests.totalPrice })
      return row!
    },
  )
  const notification: NewNotification = {
    userId: listing.donorId,
    type: 'food_request',
    params: { name: user.name, quantity: input.quantity, title: listing.title, total: created.totalPrice },
    relatedId: created.id,
  }
  return { id: created.id, listing, notifications: [notification] }
}

export type OrderAction = 'approve' | 'decline' | 'cancel' | 'complete'

const TRANSITIONS: Record<
  OrderAction,
  { from: OrderStatus; to: OrderStatus; permission: 'order.decide' | 'order.cancel' }
> = {
  approve: { from: 'pending', to: 'confirmed', permission: 'order.decide' },
  decline: { from: 'pending', to: 'cancelled', permission: 'order.decide' },
  cancel: { from: 'pending', to: 'cancelled', permission: 'order.cancel' },
  complete: { from: 'confirmed', to: 'completed', permission: 'order.decide' },
}

/**
 * Moves an order along its lifecycle. Only the listing's donor decides and completes; only the
 * requester cancels. Declined and cancelled portions go back to the listing in the same transaction.
 */
export async function transitionOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  action: OrderAction,
  actor: SessionUserLike,
): Promise<{ order: Order; notifications: NewNotification[] }> {
  const rule = TRANSITIONS[action]
  const table = tableOf[kind]
  const before = await getOrder(db, kind, id)
  authorize(actor, rule.permission, partiesOf(before))

  await db.transaction(async (tx) => {
    const now = new Date()
    // Lock the listing first (as reserve does), so portions cannot be counted twice.
    const [listing] = await tx.select().from(listings).where(eq(listings.id, before.listing.id)).for('update')
    const changes: Partial<typeof claims.$inferInsert> = { status: rule.to, updatedAt: now }
    if (action === 'approve' || action === 'decline') changes.decidedAt = now
    if (action === 'complete') changes.completedAt = now
    const updated = await tx
      .update(table)
      .set(changes)
      .where(and(eq(table.id, id), eq(table.status, rule.from)))
      .returning({ quantity: table.quantity })
    if (updated.length === 0) throw conflict(`orders.errors.not_${rule.from}`)
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
      if ((open as unknown as { rows: unknown[] }).rows.length === 0) {
        await tx
          .update(listings)
          .set({ status: 'completed', updatedAt: now, version: bumped })
          .where(eq(listings.id, listing.id))
      }
    }
  })

  const order = await getOrder(db, kind, id)
  return { order, notifications: notificationsFor(kind, action, order, actor) }
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
  return []
}
