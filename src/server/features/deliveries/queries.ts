/** Reading deliveries, and what each viewer may see of them (addresses and contacts are need-to-know). */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Actor, can } from '../../../shared/policy'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { Delivery, Order } from '../../../shared/schemas/orders'
import type { Database } from '../../db/client'
import { categories, deliveries, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { notFound } from '../../platform/errors'
import { listingSummary } from '../orders/service'

export type DeliveryActor = Actor & { name: string; email: string; district: string | null }

const requesters = alias(users, 'requester')
const volunteers = alias(users, 'volunteer')
const donors = alias(users, 'donor')

function select(db: Database) {
  return db
    .select({
      delivery: deliveries,
      listing: listings,
      donorName: donors.name,
      categorySlug: categories.slug,
      requester: { id: requesters.id, name: requesters.name, email: requesters.email },
      volunteer: {
        id: volunteers.id,
        name: volunteers.name,
        phone: volunteers.phone,
        email: volunteers.email,
      },
    })
    .from(deliveries)
    .innerJoin(listings, eq(listings.id, deliveries.listingId))
    .innerJoin(donors, eq(donors.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .innerJoin(requesters, eq(requesters.id, deliveries.requesterId))
    .leftJoin(volunteers, eq(volunteers.id, deliveries.volunteerId))
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]

/** A delivery with every detail, as the server reads it; answers go through visibleTo(). */
export type DeliveryRecord = Delivery & {
  listing: Order['listing']
  requester: NonNullable<Delivery['requester']>
  address: string
  phone: string
}

/** What the policy reads of a delivery: the people it concerns and its status. */
export function partiesOf(delivery: DeliveryRecord) {
  return {
    requesterId: delivery.requester.id,
    donorId: delivery.listing.donorId,
    volunteerId: delivery.volunteer?.id ?? null,
    status: delivery.status,
  }
}

/**
 * The delivery as `viewer` may see it. A volunteer deciding whether to accept gets the area,
 * time, fee and food only: who asked, how to reach them, the exact addresses and the instructions
 * come once they are its volunteer.
 */
export function visibleTo(delivery: DeliveryRecord, viewer: Actor): Delivery {
  if (can(viewer, 'delivery.seeContact', partiesOf(delivery))) return delivery
  return {
    ...delivery,
    listing: { ...delivery.listing, pickupAddress: null },
    requester: null,
    address: null,
    postalCode: null,
    phone: null,
    email: null,
    specialInstructions: null,
  }
}

function toDelivery(row: Row): DeliveryRecord {
  const d = row.delivery
  const iso = (v: Date | null) => (v ? v.toISOString() : null)
  return {
    id: d.id,
    listing: listingSummary(row.listing, row.donorName, row.categorySlug),
    requester: row.requester,
    address: d.address,
    city: d.city,
    district: d.district,
    postalCode: d.postalCode,
    deliveryAt: d.deliveryAt.toISOString(),
    phone: d.phone,
    email: d.email,
    specialInstructions: d.specialInstructions,
    urgent: d.urgent,
    fee: d.fee,
    status: d.status as DeliveryStatus,
    volunteer: row.volunteer?.id ? row.volunteer : null,
    assignedAt: iso(d.assignedAt),
    pickedUpAt: iso(d.pickedUpAt),
    completedAt: iso(d.completedAt),
    rating: d.rating,
    createdAt: d.createdAt.toISOString(),
  }
}

export async function getDelivery(db: Database, id: string): Promise<DeliveryRecord> {
  const [row] = await select(db).where(eq(deliveries.id, id)).limit(1)
  if (!row) throw notFound('deliveries.errors.notFound')
  return toDelivery(row)
}

/**
 * Who may see a delivery: the people it concerns, and any volunteer while it waits for one (the
 * area, time and fee only, see visibleTo).
 */
export async function getVisibleDelivery(db: Database, id: string, viewer: Actor): Promise<Delivery> {
  const delivery = await getDelivery(db, id)
  authorize(viewer, 'delivery.view', partiesOf(delivery))
  return visibleTo(delivery, viewer)
}

export async function listDeliveries(
  db: Database,
  viewer: DeliveryActor,
  as: 'requester' | 'volunteer' | 'available',
  page: number,
  size: number,
): Promise<{ items: Delivery[]; hasMore: boolean }> {
  if (as === 'available') authorize(viewer, 'delivery.listWaiting')
  const query =
    as === 'available'
      ? // Waiting for a volunteer; the volunteer's own district first, then the most urgent.
        select(db)
          .where(
            and(
              eq(deliveries.status, 'pending'),
              isNull(deliveries.volunteerId),
              ne(deliveries.requesterId, viewer.id),
            ),
          )
          .orderBy(
            sql`(${deliveries.district} = ${viewer.district ?? ''}) desc`,
            desc(deliveries.urgent),
            asc(deliveries.deliveryAt),
            asc(deliveries.id),
          )
      : as === 'volunteer'
        ? select(db)
            .where(eq(deliveries.volunteerId, viewer.id))
            .orderBy(asc(deliveries.deliveryAt), asc(deliveries.id))
        : select(db)
            .where(eq(deliveries.requesterId, viewer.id))
            .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
  const rows = await query.limit(size + 1).offset((page - 1) * size)
  return {
    items: rows.slice(0, size).map((row) => visibleTo(toDelivery(row), viewer)),
    hasMore: rows.length > size,
  }
}
