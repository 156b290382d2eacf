/**
 * The delivery of a standing taker's order of one day (docs/decisions/0069-standing-deliveries.md):
 * attached to the order before the donor's standing agreement approves it, already with the
 * volunteer who holds that weekday, or waiting to be offered like any other. A skip cancels it.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { deliveryFee } from '../../../shared/delivery'
import type { OrderKind } from '../../../shared/orders'
import type { Database, Transaction } from '../../db/client'
import { deliveries, users } from '../../db/schema'
import { recordEvents } from '../../platform/outbox'

export type StandingDropOff = {
  address: string
  city: string
  district: string
  postalCode: string | null
  phone: string
  specialInstructions: string | null
}

/**
 * A day's delivery for `order`: assigned to `volunteerId` at once (the volunteer, the requester and
 * the donor are told, as when a volunteer accepts), or pending, offered to the volunteers of both
 * ends once the order is approved (src/server/features/deliveries/offers.ts).
 */
export async function attachStandingDelivery(
  db: Database,
  order: { kind: OrderKind; id: string },
  day: {
    listing: { id: string; title: string; donorId: string }
    requester: { id: string; name: string; email: string | null }
    quantity: number
    deliveryAt: Date
    date: string
    dropOff: StandingDropOff
    volunteerId: string | null
  },
) {
  const { dropOff, volunteerId } = day
  await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .insert(deliveries)
      .values({
        listingId: day.listing.id,
        requesterId: day.requester.id,
        claimId: order.kind === 'claim' ? order.id : null,
        foodRequestId: order.kind === 'request' ? order.id : null,
        quantity: day.quantity,
        address: dropOff.address,
        city: dropOff.city,
        district: dropOff.district,
        postalCode: dropOff.postalCode,
        deliveryAt: day.deliveryAt,
        phone: dropOff.phone,
        email: day.requester.email,
        specialInstructions: dropOff.specialInstructions,
        fee: deliveryFee(dropOff.district, false),
        ...(volunteerId ? { status: 'assigned', volunteerId, assignedAt: now } : {}),
      })
      .returning({ id: deliveries.id })
    if (!volunteerId) return
    const [volunteer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, volunteerId))
    const params = {
      volunteer: volunteer?.name ?? '',
      name: day.requester.name,
      city: dropOff.city,
      title: day.listing.title,
      quantity: day.quantity,
      date: day.date,
    }
    const to = (userId: string, type: 'delivery_assigned' | 'standing_delivery_assigned') => ({
      userId,
      type,
      params,
      relatedId: row!.id,
    })
    await recordEvents(tx, {
      type: 'delivery.accepted',
      payload: {
        deliveryId: row!.id,
        requesterId: day.requester.id,
        donorId: day.listing.donorId,
        volunteerId,
      },
      notices: [
        to(volunteerId, 'standing_delivery_assigned'),
        to(day.requester.id, 'delivery_assigned'),
        to(day.listing.donorId, 'delivery_assigned'),
      ],
      changes: [{ table: 'deliveries' }],
    })
  })
}

/**
 * A skipped day: the delivery of the taker's withdrawn order is cancelled, whoever held it (in the
 * skip's transaction). Returns the volunteer who had it, to be told with the skip.
 */
export async function cancelStandingDelivery(
  tx: Transaction,
  order: { kind: OrderKind; id: string },
): Promise<string | null> {
  const [row] = await tx
    .update(deliveries)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        order.kind === 'claim' ? eq(deliveries.claimId, order.id) : eq(deliveries.foodRequestId, order.id),
        inArray(deliveries.status, ['pending', 'assigned']),
      ),
    )
    .returning({ volunteerId: deliveries.volunteerId })
  return row?.volunteerId ?? null
}
