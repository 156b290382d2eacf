import { drawPickupCode } from '../../../shared/pickup-code'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { addMinutesToTime } from '../../../shared/sri-lanka-time'
import { searchKey } from '../../../shared/transliteration'
import { claims, listings } from '../schema'
import { type DemoContext, type DemoListing, demoHandover, HOUR } from './context'
import { DEMO_USERS } from './people'

/**
 * A listing of days past, collected (with the claim that took it and its handover) or expired. Its
 * rows are written: the services act now and refuse a pickup in the past, and fair use would count
 * months of collections as one day's.
 */
export async function seedPastListing(
  { tx, today, wallClock, instant, user, categoryId, listingIds, claimIds }: DemoContext,
  l: DemoListing,
): Promise<string> {
  const donor = DEMO_USERS.find((u) => u.key === l.donor)!
  const completed = l.status === 'completed'
  const pickup = wallClock(today.date, l.pickup)
  const pickupStart = instant(pickup)
  // Posted a few hours before its pickup, claimed an hour later.
  const created = new Date(pickupStart.getTime() - 3 * HOUR)
  const claimedAt = new Date(created.getTime() + HOUR)
  const [row] = await tx
    .insert(listings)
    .values({
      donorId: user(l.donor),
      title: l.title,
      description: l.description,
      searchKey: searchKey(l.title, l.description, donor.district),
      categoryId: categoryId(l.category),
      quantity: completed ? 0 : l.servings,
      initialQuantity: l.servings,
      type: l.price > 0 ? 'half-price' : 'free',
      price: l.price,
      pickupAddress: donor.location.split(',')[0] ?? donor.location,
      pickupCity: donor.district,
      pickupDistrict: donor.district,
      pickupLat: donor.point.lat,
      pickupLng: donor.point.lng,
      pickupDate: pickup.date,
      pickupTimeStart: pickup.time,
      pickupTimeEnd: addMinutesToTime(pickup.time, 60),
      contactPhone: donor.phone,
      expiresAt: instant(wallClock(today.date, l.expires)),
      allergens: l.allergens ?? [],
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      status: l.status!,
      claimedBy: completed ? user('saman') : null,
      claimedAt: completed ? claimedAt : null,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: listings.id })
  if (completed) {
    const index = listingIds.length
    const [claim] = await tx
      .insert(claims)
      .values({
        listingId: row!.id,
        claimantId: user(l.donor === 'spice' ? 'fathima' : l.donor === 'bakery' ? 'hope' : 'saman'),
        quantity: l.servings,
        pickupAt: pickupStart,
        contactMethod: 'phone',
        phone: '0771234506',
        status: 'completed',
        decidedAt: claimedAt,
        completedAt: pickupStart,
        // Every approved order has its code (docs/decisions/0047-pickup-codes.md).
        pickupCode: drawPickupCode(),
        ...demoHandover(index, l.servings),
        createdAt: claimedAt,
        updatedAt: pickupStart,
      })
      .returning({ id: claims.id })
    claimIds[index] = claim!.id
  }
  return row!.id
}
