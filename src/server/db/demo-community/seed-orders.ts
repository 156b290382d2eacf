import { claimInputSchema, foodRequestInputSchema } from '../../../shared/schemas/order-input'
import {
  confirmAttendance,
  createClaim,
  createFoodRequest,
  transitionOrder,
} from '../../features/orders/service'
import type { DemoContext } from './context'
import { DEMO_LISTINGS } from './food'

/** The yellow rice of the wedding, all taken (the only live listing no one can order). */
const WEDDING_RICE = DEMO_LISTINGS.findIndex((l) => l.status === 'claimed')

/**
 * Live orders as the people placed them, through the order dialogs' schemas and services: Saman's
 * and Fathima's wait for the donors' decisions; the home's are approved (with their pickup codes),
 * and it replied 1 to the bread's approval SMS, so the bakery sees it is coming
 * (docs/decisions/0061-sms-in-time.md).
 */
export async function seedOrders(context: DemoContext): Promise<void> {
  const { tx, rules, serviceDay, person, listingIds } = context
  await createClaim(
    tx,
    listingIds[0]!,
    person('saman'),
    claimInputSchema.parse({
      quantity: 4,
      pickupDate: serviceDay,
      pickupTime: '12:30',
      contactMethod: 'phone',
      phone: '0771234506',
      notes: 'For my neighbours too. I can come by three-wheeler.',
    }),
    rules.fairUse,
  )
  const bread = await createClaim(
    tx,
    listingIds[3]!,
    person('hope'),
    claimInputSchema.parse({
      quantity: 10,
      pickupDate: serviceDay,
      pickupTime: '11:30',
      contactMethod: 'email',
      email: 'hopehome@demo.ahara.lk',
      notes: 'Breakfast for the children tomorrow.',
    }),
    rules.fairUse,
  )
  await transitionOrder(tx, 'claim', bread.id, 'approve', person('bakery'))
  await confirmAttendance(tx, 'claim', bread.id)
  await createFoodRequest(
    tx,
    listingIds[1]!,
    person('fathima'),
    foodRequestInputSchema.parse({
      quantity: 3,
      pickupDate: serviceDay,
      pickupTime: '17:30',
      paymentMethod: 'cash',
      phone: '0771234507',
    }),
    rules.fairUse,
  )
  const rice = DEMO_LISTINGS[WEDDING_RICE]!
  const wedding = await createClaim(
    tx,
    listingIds[WEDDING_RICE]!,
    person('hope'),
    claimInputSchema.parse({
      quantity: rice.servings,
      pickupDate: serviceDay,
      pickupTime: rice.pickup.at,
      contactMethod: 'phone',
      phone: '0912234508',
    }),
    rules.fairUse,
  )
  await transitionOrder(tx, 'claim', wedding.id, 'approve', person(rice.donor))
  context.claimIds[WEDDING_RICE] = wedding.id
}
