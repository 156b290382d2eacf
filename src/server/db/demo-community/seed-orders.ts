import { drawPickupCode } from '../../../shared/pickup-code'
import { claims, foodRequests } from '../schema'
import type { DemoContext } from './context'

/** Live orders waiting for the donors' decisions (portions already reserved from the listings). */
export async function seedOrders({
  tx,
  ago,
  onServiceDay,
  user,
  listingIds,
  reserve,
}: DemoContext): Promise<void> {
  await tx.insert(claims).values({
    listingId: listingIds[0]!,
    claimantId: user('saman'),
    quantity: 4,
    pickupAt: onServiceDay('12:30'),
    contactMethod: 'phone',
    phone: '0771234506',
    notes: 'For my neighbours too. I can come by three-wheeler.',
    createdAt: ago(0.05),
  })
  await reserve(0, 4)
  await tx.insert(claims).values({
    listingId: listingIds[3]!,
    claimantId: user('hope'),
    quantity: 10,
    pickupAt: onServiceDay('11:30'),
    contactMethod: 'email',
    email: 'hopehome@demo.ahara.lk',
    notes: 'Breakfast for the children tomorrow.',
    status: 'confirmed',
    pickupCode: drawPickupCode(),
    decidedAt: ago(0.02),
    // The home replied 1 to the approval SMS: the bakery sees it is coming (docs/decisions/0061-sms-in-time.md).
    attendanceConfirmedAt: ago(0.01),
    createdAt: ago(0.04),
  })
  await reserve(3, 10)
  await tx.insert(foodRequests).values({
    listingId: listingIds[1]!,
    requesterId: user('fathima'),
    quantity: 3,
    unitPrice: 150,
    totalPrice: 450,
    paymentMethod: 'cash',
    pickupAt: onServiceDay('17:30'),
    phone: '0771234507',
    createdAt: ago(0.03),
  })
  await reserve(1, 3)
}
