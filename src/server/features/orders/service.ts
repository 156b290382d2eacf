import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../shared/policy'
import {
  type ListingType,
  MAX_REQUEST_QUANTITY,
  type NotificationType,
  type OrderStatus,
} from '../../../shared/reference-data'
import type { ClaimData, FoodRequestData, Order } from '../../../shared/schemas/orders'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { categories, claims, foodRequests, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { conflict, notFound } from '../../platform/errors'
import { bumped, lockOrderableListing } from '../listings/service'
import type { NewNotification } from '../notifications/service'

export type OrderKind = 'claim' | 'request'
type SessionUserLike = Actor & { name: string; email: string }

const tableOf = { claim: claims, request: foodRequests } as const
const requesterColumn = { claim: claims.claimantId, request: foodRequests.requesterId } as const

const donors = alias(users, 'donor')

function select(db: Database | Transaction, kind: OrderKind) {
  const table = tableOf[kind]
  return db
    .select({
      order: table,
      listing: listings,
      requester: { id: users.id, name: users.name, email: users.email },
      donorName: donors.name,
      categorySlug: categories.slug,
    })
    .from(table)
    .innerJoin(listings, eq(listings.id, table.listingId))
    .innerJoin(users, eq(users.id, requesterColumn[kind]))
    .innerJoin(donors, eq(donors.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]

/** What an order or a delivery says of its listing. */
export function listingSummary(
  listing: typeof listings.$inferSelect,
  donorName: string,
  categorySlug: string | null,
): Order['listing'] {
  return {
    id: listing.id,
    title: listing.title,
    donorId: listing.donorId,
    donorName,
    pickupAddress: listing.pickupAddress,
    pickupCity: listing.pickupCity,
    pickupDistrict: listing.pickupDistrict,
    imageUrl: listing.imageUrls[0] ?? null,
    categorySlug,
  }
}

function toOrder(kind: OrderKind, row: Row): Order {
  const o = row.order as typeof claims.$inferSelect & Partial<typeof foodRequests.$inferSelect>
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
  return {
    id: o.id,
    kind,
    listing: listingSummary(row.listing, row.donorName, row.categorySlug),
    requester: row.requester,
    quantity: o.quantity,
    unitPrice: kind === 'request' ? (o.unitPrice ?? 0) : 0,
    totalPrice: kind === 'request' ? (o.totalPrice ?? 0) : 0,
    pickupAt: o.pickupAt.toISOString(),
    contactMethod: kind === 'claim' ? (o.contactMethod as Order['contactMethod']) : null,
    paymentMethod: kind === 'request' ? (o.paymentMethod as Order['paymentMethod']) : null,
    phone: o.phone,
    email: o.email,
    notes: o.notes,
    status: o.status as OrderStatus,
    createdAt: o.createdAt.toISOString(),
    decidedAt: iso(o.decidedAt),
    completedAt: iso(o.completedAt),
  }
}

export async function getOrder(db: Database | Transaction, kind: OrderKind, id: string): Promise<Order> {
  const [row] = await select(db, kind).where(eq(tableOf[kind].id, id)).limit(1)
  if (!row) throw notFound(`orders.errors.${kind}NotFound`)
  return toOrder(kind, row)
}

/** An order as its requester or the listing's donor may see it; 403 for anyone else. */
export async function getVisibleOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  viewer: Actor,
): Promise<Order> {
  const order = await getOrder(db, kind, id)
  authorize(viewer, 'order.view', partiesOf(order))
  return order
}

/** What the policy reads of an order. */
function partiesOf(order: Order) {
  return { requesterId: order.requester.id, donorId: order.listing.donorId }
}

export async function listOrders(
  db: Database,
  kind: OrderKind,
  viewerId: string,
  as: 'requester' | 'donor',
  page: number,
  size: number,
): Promise<{ items: Order[]; hasMore: boolean }> {
  const table = tableOf[kind]
  const rows = await select(db, kind)
    .where(as === 'requester' ? eq(requesterColumn[kind], viewerId) : eq(listings.donorId, viewerId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  return { items: rows.slice(0, size).map((r) => toOrder(kind, r)), hasMore: rows.length > size }
}

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
