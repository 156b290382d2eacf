import { eq } from 'drizzle-orm'
import { COOKED_CATEGORIES } from '../../../shared/food-safety'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import type { CreateListing } from '../../../shared/schemas/listing-input'
import { createListing } from '../../features/listings/service'
import { listings } from '../schema'
import { type DemoContext, type DemoListing, HOUR } from './context'
import { DEMO_LISTINGS } from './food'
import { DEMO_USERS } from './people'
import { seedPastListing } from './seed-history'

/**
 * The donors' listings, in DEMO_LISTINGS' order (the steps after find them by index): food on
 * offer posted as a donor posts it, past food from the history.
 */
export async function seedFood(context: DemoContext): Promise<void> {
  for (const l of DEMO_LISTINGS) {
    const past = l.status === 'completed' || l.status === 'expired'
    context.listingIds.push(past ? await seedPastListing(context, l) : await postListing(context, l))
  }
}

/**
 * What the donor's wizard sends, through the same service: the donors share their phone with
 * approved recipients, and hold no food for organisations. Cooked food was cooked the morning of its
 * service day and kept hot (docs/decisions/0049-cooked-food-clock.md). The demo's food has no photo,
 * which only the wizard asks for.
 */
async function postListing(
  { tx, rules, ago, serviceDay, wallClock, user, categoryId }: DemoContext,
  l: DemoListing,
): Promise<string> {
  const donor = DEMO_USERS.find((u) => u.key === l.donor)!
  const pickup = wallClock(serviceDay, l.pickup)
  const expires = wallClock(serviceDay, l.expires)
  const cooked = (COOKED_CATEGORIES as readonly string[]).includes(l.category)
  const input: CreateListing = {
    title: l.title,
    description: l.description,
    categoryId: categoryId(l.category)!,
    quantity: l.servings,
    type: l.price > 0 ? 'half-price' : 'free',
    price: l.price,
    imageUrls: [],
    allergens: (l.allergens ?? []) as CreateListing['allergens'],
    dietary: [],
    preparationNotes: '',
    ...(cooked ? { preparedAt: `${serviceDay}T07:00`, storage: 'hot' as const } : {}),
    pickupAddress: donor.location.split(',')[0] ?? donor.location,
    pickupCity: donor.district,
    pickupDistrict: donor.district as CreateListing['pickupDistrict'],
    pickupPostalCode: '',
    // Real points, so the demo shows distances: Nimal's food is in Dehiwala, Galle Face's near the Fort.
    pickupPoint: donor.point,
    pickupDate: pickup.date,
    pickupTimeStart: pickup.time,
    expiryDate: expires.date,
    expiryTime: expires.time,
    deliveryRequested: false,
    safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
    sharePhone: true,
    contactPhone: donor.phone,
    shareEmail: false,
    contactEmail: '',
    institutionsFirst: false,
  }
  const id = await createListing(tx, user(l.donor), input, rules.firstRefusal)
  // Posted that many days ago, a couple of hours before now: the service stamps it now.
  const posted = new Date(ago(l.createdDaysAgo).getTime() - 2 * HOUR)
  await tx.update(listings).set({ createdAt: posted, updatedAt: posted }).where(eq(listings.id, id))
  return id
}
