import { deliveryFee } from '../../../shared/delivery'
import { deliveryInputSchema } from '../../../shared/schemas/order-input'
import { createDelivery, rateDelivery } from '../../features/deliveries/service'
import { transitionOrder } from '../../features/orders/service'
import { deliveries } from '../schema'
import type { DemoContext } from './context'
import { DEMO_LISTINGS } from './food'
import { DEMO_USERS, MARADANA } from './people'

/** Saman's deliveries to his home in Maradana, as the Request Delivery dialog sends them. */
const toMaradana = (deliveryDate: string, deliveryTime: string) => ({
  quantity: 2,
  address: '45 Maradana Road',
  city: 'Colombo',
  district: 'Colombo',
  dropOffPoint: MARADANA,
  deliveryDate,
  deliveryTime,
  phone: '0771234506',
})

/**
 * The deliveries, each part of an order (docs/decisions/0027-delivery-is-part-of-an-order.md): Saman
 * asks for two through the service, one approved by the restaurant and so offered to volunteers,
 * one waiting for its approval; two delivered in days past, which he rated.
 */
export async function seedDeliveries(context: DemoContext): Promise<void> {
  const { tx, rules, serviceDay, person, listingIds } = context
  const offered = await createDelivery(
    tx,
    listingIds[0]!,
    { ...person('saman'), district: 'Colombo' },
    deliveryInputSchema.parse({
      ...toMaradana(serviceDay, '13:00'),
      specialInstructions: 'Second floor, blue gate.',
      urgent: true,
    }),
    rules.fairUse,
  )
  await transitionOrder(tx, offered.order.kind, offered.order.id, 'approve', person('spice'))
  await createDelivery(
    tx,
    listingIds[1]!,
    { ...person('saman'), district: 'Colombo' },
    deliveryInputSchema.parse(toMaradana(serviceDay, '18:00')),
    rules.fairUse,
  )
  await seedDelivered(context)
}

/** The two delivered ones: the food of a past listing (by index), who took it, and the stars given. */
const DELIVERED = [
  {
    listing: 20,
    requester: 'saman',
    volunteer: 'kasun',
    address: '12 Temple Road',
    city: 'Colombo',
    daysAgo: 25,
    stars: 5,
  },
  {
    listing: 19,
    requester: 'fathima',
    volunteer: 'priya',
    address: '8 Katugastota Road',
    city: 'Kandy',
    daysAgo: 1.5,
    stars: 4,
  },
] as const

/**
 * The delivered ones, written as they ended: their food is of days past (seed-history.ts). Their
 * recipients rated them through the service.
 */
async function seedDelivered({ tx, ago, user, person, listingIds, claimIds }: DemoContext): Promise<void> {
  for (const d of DELIVERED) {
    const requester = DEMO_USERS.find((u) => u.key === d.requester)!
    const [row] = await tx
      .insert(deliveries)
      .values({
        listingId: listingIds[d.listing]!,
        requesterId: user(d.requester),
        claimId: claimIds[d.listing]!,
        quantity: DEMO_LISTINGS[d.listing]!.servings,
        address: d.address,
        city: d.city,
        district: d.city,
        deliveryAt: ago(d.daysAgo),
        phone: requester.phone,
        fee: deliveryFee(d.city, false),
        status: 'completed',
        volunteerId: user(d.volunteer),
        assignedAt: ago(d.daysAgo + 0.3),
        pickedUpAt: ago(d.daysAgo + 0.1),
        completedAt: ago(d.daysAgo),
        createdAt: ago(d.daysAgo + 0.5),
      })
      .returning({ id: deliveries.id })
    await rateDelivery(tx, row!.id, person(d.requester), d.stars)
  }
}
