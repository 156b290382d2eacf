import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { deliveryFee } from '../../../shared/delivery'
import { type Actor, can } from '../../../shared/policy'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { Delivery, DeliveryData, Order } from '../../../shared/schemas/orders'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { categories, deliveries, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { conflict, notFound } from '../../platform/errors'
import { assertOrderable } from '../listings/service'
import type { NewNotification } from '../notifications/service'
import { listingSummary } from '../orders/service'

type DeliveryActor = Actor & { name: string; email: string; district: string | null }

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
function partiesOf(delivery: DeliveryRecord) {
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
function visibleTo(delivery: DeliveryRecord, viewer: Actor): Delivery {
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

/** Volunteers of a district: their district is it, or their location text names it. */
async function volunteersOf(db: Database, district: string, exceptId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'volunteer'),
        ne(users.id, exceptId),
        or(eq(users.district, district), sql`${users.location} ilike ${`%${district}%`}`),
      ),
    )
  return rows.map((r) => r.id)
}

export async function createDelivery(
  db: Database,
  listingId: string,
  requester: DeliveryActor,
  input: DeliveryData,
) {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId)).limit(1)
  if (!listing) throw notFound('listings.errors.notFound')
  authorize(requester, 'listing.askDelivery', listing)
  assertOrderable(listing)
  const district = input.district as Exclude<DeliveryData['district'], ''>
  const [row] = await db
    .insert(deliveries)
    .values({
      listingId,
      requesterId: requester.id,
      address: input.address,
      city: input.city,
      district,
      postalCode: input.postalCode ?? null,
      deliveryAt: sriLankaInstant(input.deliveryDate, input.deliveryTime),
      phone: input.phone,
      email: requester.email,
      specialInstructions: input.specialInstructions ?? null,
      urgent: input.urgent,
      // The fee is the server's, from the district table; the client's figure is never read.
      fee: deliveryFee(district, input.urgent),
    })
    .returning({ id: deliveries.id, fee: deliveries.fee })
  const volunteerIds = await volunteersOf(db, district, requester.id)
  // The volunteers of the district are not told who asked: that comes with the assignment.
  const params = { title: listing.title, city: input.city, district, fee: row!.fee }
  const notifications: NewNotification[] = [listing.donorId, ...volunteerIds].map((userId) => ({
    userId,
    type: 'delivery_request',
    params,
    relatedId: row!.id,
  }))
  return { id: row!.id, fee: row!.fee, listing, volunteerIds, notifications }
}

export type DeliveryAction = 'accept' | 'pick-up' | 'complete' | 'cancel'

/**
 * The delivery lifecycle: pending -> assigned (accept) -> in-progress (pick-up) -> completed, or
 * cancelled by its requester while pending. Each step is one conditional UPDATE: of two volunteers
 * accepting at once, exactly one row changes.
 */
export async function transitionDelivery(
  db: Database,
  id: string,
  action: DeliveryAction,
  actor: DeliveryActor,
) {
  const before = await getDelivery(db, id)
  const now = new Date()
  let updated: { id: string }[]
  if (action === 'accept') {
    authorize(actor, 'delivery.accept', partiesOf(before))
    updated = await db
      .update(deliveries)
      .set({ status: 'assigned', volunteerId: actor.id, assignedAt: now, updatedAt: now })
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending'), isNull(deliveries.volunteerId)))
      .returning({ id: deliveries.id })
    if (updated.length === 0) throw conflict('deliveries.errors.alreadyTaken')
  } else if (action === 'cancel') {
    authorize(actor, 'delivery.cancel', partiesOf(before))
    updated = await db
      .update(deliveries)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending')))
      .returning({ id: deliveries.id })
    if (updated.length === 0) throw conflict('deliveries.errors.notPending')
  } else {
    authorize(actor, 'delivery.deliver', partiesOf(before))
    const from: DeliveryStatus[] = action === 'pick-up' ? ['assigned'] : ['assigned', 'in-progress']
    updated = await db
      .update(deliveries)
      .set(
        action === 'pick-up'
          ? { status: 'in-progress', pickedUpAt: now, updatedAt: now }
          : { status: 'completed', completedAt: now, updatedAt: now },
      )
      .where(
        and(
          eq(deliveries.id, id),
          eq(deliveries.volunteerId, actor.id),
          sql`${deliveries.status} in ${from}`,
        ),
      )
      .returning({ id: deliveries.id })
    if (updated.length === 0)
      throw conflict(action === 'pick-up' ? 'deliveries.errors.notAssigned' : 'deliveries.errors.notActive')
  }
  const delivery = await getDelivery(db, id)
  const params = { volunteer: actor.name, city: delivery.city, title: delivery.listing.title }
  const type = {
    accept: 'delivery_assigned',
    'pick-up': 'delivery_picked_up',
    complete: 'delivery_completed',
    cancel: null,
  }[action]
  const notifications: NewNotification[] = type
    ? [
        {
          userId: delivery.requester.id,
          type: type as NewNotification['type'],
          params,
          relatedId: delivery.id,
        },
      ]
    : []
  return { delivery: visibleTo(delivery, actor), notifications }
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
  const updated = await db
    .update(deliveries)
    .set({ rating, updatedAt: new Date() })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'completed'), isNull(deliveries.rating)))
    .returning({ id: deliveries.id })
  if (updated.length === 0) throw conflict('deliveries.errors.cannotRate')
  return visibleTo(await getDelivery(db, id), actor)
}
