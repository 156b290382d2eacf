import { eq } from 'drizzle-orm'
import { deliveryFee } from '../../../shared/delivery'
import { drawPickupCode } from '../../../shared/pickup-code'
import { claims, deliveries, foodRequests, ratings } from '../schema'
import type { DemoContext } from './context'
import { DEMO_LISTINGS } from './food'
import { MARADANA } from './people'

/** The deliveries, each part of an order, and their ratings. */
export async function seedDeliveries({
  tx,
  ago,
  onServiceDay,
  user,
  listingIds,
  claimIds,
  reserve,
}: DemoContext): Promise<void> {
  // Deliveries are part of orders (docs/decisions/0027-delivery-is-part-of-an-order.md): each reserves its portions through a
  // claim or request. One approved and offered to volunteers, one waiting for the donor's approval,
  // and two delivered (their orders completed with them).
  const [offeredClaim] = await tx
    .insert(claims)
    .values({
      listingId: listingIds[0]!,
      claimantId: user('saman'),
      quantity: 2,
      pickupAt: onServiceDay('14:00'),
      contactMethod: 'phone',
      phone: '0771234506',
      notes: 'Second floor, blue gate.',
      status: 'confirmed',
      pickupCode: drawPickupCode(),
      decidedAt: ago(0.03),
      createdAt: ago(0.04),
    })
    .returning({ id: claims.id })
  await reserve(0, 2)
  const [awaitingRequest] = await tx
    .insert(foodRequests)
    .values({
      listingId: listingIds[1]!,
      requesterId: user('saman'),
      quantity: 2,
      unitPrice: 150,
      totalPrice: 300,
      paymentMethod: 'cash',
      pickupAt: onServiceDay('18:00'),
      phone: '0771234506',
      createdAt: ago(0.02),
    })
    .returning({ id: foodRequests.id })
  await reserve(1, 2)
  await tx.insert(deliveries).values([
    {
      listingId: listingIds[0]!,
      requesterId: user('saman'),
      claimId: offeredClaim!.id,
      quantity: 2,
      address: '45 Maradana Road',
      city: 'Colombo',
      district: 'Colombo',
      dropOffLat: MARADANA.lat,
      dropOffLng: MARADANA.lng,
      deliveryAt: onServiceDay('14:00'),
      phone: '0771234506',
      specialInstructions: 'Second floor, blue gate.',
      urgent: true,
      fee: deliveryFee('Colombo', true),
      createdAt: ago(0.04),
    },
    {
      listingId: listingIds[1]!,
      requesterId: user('saman'),
      foodRequestId: awaitingRequest!.id,
      quantity: 2,
      address: '45 Maradana Road',
      city: 'Colombo',
      district: 'Colombo',
      dropOffLat: MARADANA.lat,
      dropOffLng: MARADANA.lng,
      deliveryAt: onServiceDay('18:00'),
      phone: '0771234506',
      fee: deliveryFee('Colombo', false),
      createdAt: ago(0.02),
    },
    {
      listingId: listingIds[20]!,
      requesterId: user('saman'),
      claimId: claimIds[20]!,
      quantity: DEMO_LISTINGS[20]!.servings,
      address: '12 Temple Road',
      city: 'Colombo',
      district: 'Colombo',
      deliveryAt: ago(25),
      phone: '0771234506',
      fee: deliveryFee('Colombo', false),
      status: 'completed',
      volunteerId: user('kasun'),
      assignedAt: ago(25.5),
      pickedUpAt: ago(25.1),
      completedAt: ago(25),
      createdAt: ago(26),
    },
    {
      listingId: listingIds[19]!,
      requesterId: user('fathima'),
      claimId: claimIds[19]!,
      quantity: DEMO_LISTINGS[19]!.servings,
      address: '8 Katugastota Road',
      city: 'Kandy',
      district: 'Kandy',
      deliveryAt: ago(1.5),
      phone: '0771234507',
      fee: deliveryFee('Kandy', false),
      status: 'completed',
      volunteerId: user('priya'),
      assignedAt: ago(1.8),
      pickedUpAt: ago(1.6),
      completedAt: ago(1.5),
      createdAt: ago(2),
    },
  ])
  // The recipients' ratings of the two delivered ones (the ratings model).
  const delivered = await tx
    .select({ id: deliveries.id, requesterId: deliveries.requesterId, volunteerId: deliveries.volunteerId })
    .from(deliveries)
    .where(eq(deliveries.status, 'completed'))
  await tx.insert(ratings).values(
    delivered.map((d) => ({
      raterId: d.requesterId,
      rateeId: d.volunteerId!,
      deliveryId: d.id,
      score: d.volunteerId === user('kasun') ? 5 : 4,
    })),
  )
}
