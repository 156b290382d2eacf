import { deliveryFee } from '../../../shared/delivery'
import { deliveryInputSchema } from '../../../shared/schemas/order-input'
import { createDelivery, rateDelivery } from '../../features/deliveries/service'
import { transitionOrder } from '../../features/orders/service'
import { deliveries } from '../schema'
import type { DemoContext } from './context'
import { DEMO_LISTINGS } from './food'
import { MARADANA } from './people'

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

/**
 * The two delivered ones, written as they ended: their food is of days past (seed-history.ts). The
 * recipients rated them through the service.
 */
async function seedDelivered({ tx, ago, user, person, listingIds, claimIds }: DemoContext): Promise<void> {
  const done = await tx
    .insert(deliveries)
    .values([
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
    .returning({ id: deliveries.id, volunteerId: deliveries.volunteerId })
  for (const [index, d] of done.entries()) {
    const rater = person(index === 0 ? 'saman' : 'fathima')
    await rateDelivery(tx, d.id, rater, d.volunteerId === user('kasun') ? 5 : 4)
  }
}
