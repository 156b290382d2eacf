/** Asking for a delivery, its steps from pending to delivered, and its rating. */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { deliveryFee } from '../../../shared/delivery'
import type { Actor } from '../../../shared/policy'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { Delivery, DeliveryData } from '../../../shared/schemas/orders'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { deliveries, listings, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { conflict, notFound } from '../../platform/errors'
import { assertOrderable } from '../listings/service'
import type { NewNotification } from '../notifications/service'

import { type DeliveryActor, getDelivery, partiesOf, visibleTo } from './queries'

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
