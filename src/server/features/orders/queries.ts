/** Reading orders: one select for claims and food requests, and what each viewer may see. */
import { desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../shared/policy'
import type { OrderStatus } from '../../../shared/reference-data'
import type { Order } from '../../../shared/schemas/orders'
import type { Database, Transaction } from '../../db/client'
import { categories, claims, foodRequests, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { notFound } from '../../platform/errors'

export type OrderKind = 'claim' | 'request'
export type SessionUserLike = Actor & { name: string; email: string }

export const tableOf = { claim: claims, request: foodRequests } as const
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
export function partiesOf(order: Order) {
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
