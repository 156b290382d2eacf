/**
 * A user's deliveries in their data export (as requester and as volunteer), and what deleting the
 * account does to deliveries (docs/decisions/0039-own-data.md).
 */
import { and, desc, eq, inArray } from 'drizzle-orm'
import { pointOf } from '../../../shared/schemas/point'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { deliveries, listings } from '../../db/schema'
import type { NewNotification } from '../notifications/service'
import { selectDeliveries } from './queries'

type Row = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['execute']>>[number]

function common({ delivery: d, listing, donorName }: Row) {
  return {
    id: d.id,
    listing: { id: d.listingId, title: listing.title, donorName },
    quantity: d.quantity,
    city: d.city,
    district: d.district,
    deliveryAt: d.deliveryAt,
    urgent: d.urgent,
    fee: d.fee,
    status: d.status,
    assignedAt: d.assignedAt,
    pickedUpAt: d.pickedUpAt,
    completedAt: d.completedAt,
    createdAt: d.createdAt,
  }
}

/**
 * The deliveries the user asked for, with the address and contact they gave, and those they carried
 * as a volunteer. Other people appear by name only: the requester's address and phone a volunteer
 * once needed are not the volunteer's data.
 */
export async function deliveriesExport(db: Database, userId: string) {
  const [asked, carried] = await Promise.all([
    selectDeliveries(db).where(eq(deliveries.requesterId, userId)).orderBy(desc(deliveries.createdAt)),
    selectDeliveries(db).where(eq(deliveries.volunteerId, userId)).orderBy(desc(deliveries.createdAt)),
  ])
  return {
    asRequester: asked.map((row) => ({
      ...common(row),
      address: row.delivery.address,
      postalCode: row.delivery.postalCode,
      dropOffPoint: pointOf(row.delivery.dropOffLat, row.delivery.dropOffLng),
      phone: row.delivery.phone,
      email: row.delivery.email,
      specialInstructions: row.delivery.specialInstructions,
      volunteerName: row.volunteer?.name ?? null,
    })),
    asVolunteer: carried.map((row) => ({ ...common(row), requesterName: row.requester.name })),
  }
}

/**
 * Deleting a volunteer: the deliveries they accepted and have not delivered go back to waiting for
 * a volunteer (answered, to be offered again), and requester and donor are told.
 */
export async function handBackDeliveriesOf(
  tx: Transaction,
  volunteerId: string,
  deletedName: string,
): Promise<{ ids: string[]; notifications: NewNotification[] }> {
  const handed = await tx
    .update(deliveries)
    .set({ status: 'pending', volunteerId: null, assignedAt: null, pickedUpAt: null, updatedAt: new Date() })
    .where(
      and(eq(deliveries.volunteerId, volunteerId), inArray(deliveries.status, ['assigned', 'in-progress'])),
    )
    .returning(columnsOf(deliveries, 'id', 'listingId', 'requesterId', 'city', 'quantity'))
  const notifications: NewNotification[] = []
  for (const delivery of handed) {
    const [listing] = await tx
      .select({ title: listings.title, donorId: listings.donorId })
      .from(listings)
      .where(eq(listings.id, delivery.listingId))
    const params = {
      volunteer: deletedName,
      title: listing!.title,
      city: delivery.city,
      quantity: delivery.quantity,
    }
    for (const userId of [delivery.requesterId, listing!.donorId]) {
      notifications.push({ userId, type: 'delivery_handed_back', params, relatedId: delivery.id })
    }
  }
  return { ids: handed.map((d) => d.id), notifications }
}

/**
 * Erases the address, phone, e-mail and instructions the user gave on their deliveries (those
 * still open were cancelled with their orders); the rest stays for the delivery figures. Legacy
 * deliveries without an order that still wait are cancelled here.
 */
export async function forgetDeliveryDetails(tx: Transaction, requesterId: string): Promise<void> {
  const now = new Date()
  await tx
    .update(deliveries)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(deliveries.requesterId, requesterId), eq(deliveries.status, 'pending')))
  await tx
    .update(deliveries)
    .set({
      address: '',
      postalCode: null,
      dropOffLat: null,
      dropOffLng: null,
      phone: '',
      email: null,
      specialInstructions: null,
      updatedAt: now,
    })
    .where(eq(deliveries.requesterId, requesterId))
}
