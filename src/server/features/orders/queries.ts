/** Reading orders: one select for claims and food requests, and what each viewer may see. */
import { and, desc, eq, gte, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../shared/actor'
import type { OrderKind } from '../../../shared/orders'
import type { OrganisationKind } from '../../../shared/organisations'
import { can } from '../../../shared/policy'
import type { DeliveryStatus, OrderStatus } from '../../../shared/reference-data'
import type { Order } from '../../../shared/schemas/orders'
import { approxPointOf, pointOf } from '../../../shared/schemas/point'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import {
  categories,
  claims,
  deliveries,
  foodRequests,
  listings,
  organisations,
  ratings,
  users,
} from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { notFound } from '../../platform/errors'
import { concealLocation, presentLocations } from '../listings/service'

export type SessionUserLike = Actor & { name: string; email: string }

export const tableOf = { claim: claims, request: foodRequests } as const
const requesterColumn = { claim: claims.claimantId, request: foodRequests.requesterId } as const
/** The delivery column naming an order of each kind. */
const deliveryColumn = { claim: deliveries.claimId, request: deliveries.foodRequestId } as const

const donors = alias(users, 'donor')

/** The ratings column naming an order of each kind. */
const ratingColumn = { claim: ratings.claimId, request: ratings.foodRequestId } as const

/** The score `rater` gave on the order, or null (docs/decisions/0038-trust-ratings-fair-use.md). */
const scoreBy = (kind: OrderKind, rater: SQLWrapper) =>
  sql<
    number | null
  >`(select ${ratings.score} from ${ratings} where ${ratingColumn[kind]} = ${tableOf[kind].id} and ${ratings.raterId} = ${rater})`

function select(db: Database | Transaction, kind: OrderKind) {
  const table = tableOf[kind]
  return db
    .select({
      order: table,
      listing: listings,
      requester: {
        ...columnsOf(users, 'id', 'name', 'email', 'phone'),
        phoneVerified: sql<boolean>`${users.verifiedPhone} is not null`,
      },
      organisation: { name: organisations.name, kind: organisations.kind },
      donorName: donors.name,
      categorySlug: categories.slug,
      delivery: { id: deliveries.id, status: deliveries.status },
      ratedByRequester: scoreBy(kind, requesterColumn[kind]),
      ratedByDonor: scoreBy(kind, listings.donorId),
    })
    .from(table)
    .innerJoin(listings, eq(listings.id, table.listingId))
    .innerJoin(users, eq(users.id, requesterColumn[kind]))
    .leftJoin(
      organisations,
      and(eq(organisations.userId, requesterColumn[kind]), eq(organisations.isVerified, true)),
    )
    .innerJoin(donors, eq(donors.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(deliveries, eq(deliveryColumn[kind], table.id))
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]

/**
 * What an order or a delivery says of its listing, with every detail; answers conceal the location
 * from those the policy does not allow (presentOrders, and the deliveries' presenter).
 */
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
    pickupPostalCode: listing.pickupPostalCode,
    pickupCity: listing.pickupCity,
    pickupDistrict: listing.pickupDistrict,
    pickupPoint: pointOf(listing.pickupLat, listing.pickupLng),
    approxPoint: approxPointOf(listing.pickupLat, listing.pickupLng),
    pickupDate: listing.pickupDate,
    pickupTimeStart: listing.pickupTimeStart,
    pickupTimeEnd: listing.pickupTimeEnd,
    contactPhone: listing.contactPhone,
    contactEmail: listing.contactEmail,
    imageUrl: listing.imageUrls[0] ?? null,
    categorySlug,
    allergens: listing.allergens as Order['listing']['allergens'],
    dietary: listing.dietary as Order['listing']['dietary'],
    safeUntil: listing.safeUntil?.toISOString() ?? null,
  }
}

function toOrder(kind: OrderKind, row: Row): Order {
  const o = row.order as typeof claims.$inferSelect & Partial<typeof foodRequests.$inferSelect>
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
  return {
    id: o.id,
    kind,
    listing: listingSummary(row.listing, row.donorName, row.categorySlug),
    // A verified organisation orders by its name and kind, never its members' names
    // (docs/decisions/0054-organisations-and-their-limits.md).
    requester: row.organisation?.name
      ? {
          ...row.requester,
          name: row.organisation.name,
          organisation: { name: row.organisation.name, kind: row.organisation.kind as OrganisationKind },
        }
      : { ...row.requester, organisation: null },
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
    noShow: o.noShowAt !== null,
    attendanceConfirmedAt: iso(o.attendanceConfirmedAt),
    ...(o.pickupCode ? { pickupCode: o.pickupCode } : {}),
    handoverVerified: o.handoverVerified,
    unverifiedReason: o.unverifiedReason,
    cashPaid: kind === 'request' ? (o.cashPaid ?? null) : null,
    weightKg: o.weightKg,
    ratings: {
      byRequester: row.ratedByRequester === null ? null : Number(row.ratedByRequester),
      byDonor: row.ratedByDonor === null ? null : Number(row.ratedByDonor),
    },
    delivery: row.delivery?.id
      ? { id: row.delivery.id, status: row.delivery.status as DeliveryStatus }
      : null,
  }
}

/**
 * Orders as `viewer` may see them: where to collect and the donor's contact only once approved; the
 * pickup code to its requester only, never the donor who types it (docs/decisions/0047-pickup-codes.md).
 */
export async function presentOrders(
  db: Database | Transaction,
  viewer: Actor,
  orders: Order[],
): Promise<Order[]> {
  const located = await presentLocations(
    db,
    viewer,
    orders,
    (o) => ({ id: o.listing.id, donorId: o.listing.donorId }),
    (o) => ({ ...o, listing: concealLocation(o.listing) }),
  )
  return located.map(({ pickupCode, ...order }) =>
    pickupCode && can(viewer, 'order.seePickupCode', partiesOf(order)) ? { ...order, pickupCode } : order,
  )
}

/** The orders of one kind matching `where`, newest first, with every detail; answers go through presentOrders. */
export async function ordersWhere(
  db: Database | Transaction,
  kind: OrderKind,
  where: SQL | undefined,
): Promise<Order[]> {
  const rows = await select(db, kind).where(where).orderBy(desc(tableOf[kind].createdAt))
  return rows.map((row) => toOrder(kind, row))
}

/** An order with every detail, as the server reads it; answers go through presentOrders. */
export async function getOrder(db: Database | Transaction, kind: OrderKind, id: string): Promise<Order> {
  const [row] = await select(db, kind).where(eq(tableOf[kind].id, id)).limit(1)
  if (!row) throw notFound(`orders.errors.${kind}NotFound`)
  return toOrder(kind, row)
}

/** An order the actor may see, decide or cancel by the policy (its parties); 403 for anyone else. */
export async function getOrderFor(
  db: Database,
  kind: OrderKind,
  id: string,
  actor: Actor,
  permission: 'order.view' | 'order.decide' | 'order.cancel',
): Promise<Order> {
  const order = await getOrder(db, kind, id)
  authorize(actor, permission, partiesOf(order))
  return order
}

/** An order as its requester or the listing's donor may see it; 403 for anyone else. */
export async function getVisibleOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  viewer: Actor,
): Promise<Order> {
  const order = await getOrderFor(db, kind, id, viewer, 'order.view')
  return (await presentOrders(db, viewer, [order]))[0]!
}

/**
 * A claim or a food request by id (GET /api/orders/:id, the order summary), as its requester or the
 * listing's donor may see it; 404 when neither exists, 403 for anyone else.
 */
export async function findVisibleOrder(db: Database, id: string, viewer: Actor): Promise<Order> {
  for (const kind of ['claim', 'request'] as const) {
    const [row] = await select(db, kind).where(eq(tableOf[kind].id, id)).limit(1)
    if (!row) continue
    const order = toOrder(kind, row)
    authorize(viewer, 'order.view', partiesOf(order))
    return (await presentOrders(db, viewer, [order]))[0]!
  }
  throw notFound('orders.errors.orderNotFound')
}

/** What the policy reads of an order. */
export function partiesOf(order: Order) {
  return { requesterId: order.requester.id, donorId: order.listing.donorId }
}

export async function listOrders(
  db: Database,
  kind: OrderKind,
  viewer: Actor,
  as: 'requester' | 'donor',
  page: number,
  size: number,
): Promise<{ items: Order[]; hasMore: boolean }> {
  const table = tableOf[kind]
  const rows = await select(db, kind)
    .where(as === 'requester' ? eq(requesterColumn[kind], viewer.id) : eq(listings.donorId, viewer.id))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  const items = rows.slice(0, size).map((r) => toOrder(kind, r))
  return { items: await presentOrders(db, viewer, items), hasMore: rows.length > size }
}

/**
 * The most recent open order in one of `statuses` whose pickup is not over yet, of either kind,
 * among the requesters sharing one phone (most recently decided or placed first): what a reply by
 * SMS confirms (1) or cancels (0) (docs/decisions/0052-sms-replies.md, 0062-the-family-phone.md).
 */
export async function latestOpenOrderOf(
  db: Database,
  requesterIds: readonly string[],
  statuses: readonly OrderStatus[],
  now: Date = new Date(),
): Promise<Order | undefined> {
  if (requesterIds.length === 0) return undefined
  // The pickup window is an hour from its start (docs/decisions/0029-one-notification-channel.md).
  const since = new Date(now.getTime() - 60 * 60_000)
  const found: Order[] = []
  for (const kind of ['claim', 'request'] as const) {
    const table = tableOf[kind]
    const [row] = await select(db, kind)
      .where(
        and(
          inArray(requesterColumn[kind], [...requesterIds]),
          inArray(table.status, [...statuses]),
          gte(table.pickupAt, since),
        ),
      )
      .orderBy(desc(sql`coalesce(${table.decidedAt}, ${table.createdAt})`))
      .limit(1)
    if (row) found.push(toOrder(kind, row))
  }
  const latest = (order: Order) => order.decidedAt ?? order.createdAt
  return found.sort((a, b) => latest(b).localeCompare(latest(a)))[0]
}
