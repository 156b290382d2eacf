import { drawPickupCode } from '../../../shared/pickup-code'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { addMinutesToTime } from '../../../shared/sri-lanka-time'
import { searchKey } from '../../../shared/transliteration'
import { claims, listings } from '../schema'
import { type DemoContext, demoHandover, HOUR } from './context'
import { DEMO_LISTINGS } from './food'
import { DEMO_USERS } from './people'

/** The donors' listings, live and past, and the claims that took the claimed ones. */
export async function seedFood({
  tx,
  ago,
  today,
  serviceDay,
  wallClock,
  instant,
  user,
  categoryId,
  listingIds,
  claimIds,
}: DemoContext): Promise<void> {
  const donorOf = (key: string) => DEMO_USERS.find((u) => u.key === key)!

  for (const l of DEMO_LISTINGS) {
    const donor = donorOf(l.donor)
    const status = l.status ?? 'available'
    const past = status === 'completed' || status === 'expired'
    const claimed = status === 'claimed' || status === 'completed'
    const base = past ? today.date : serviceDay
    const pickup = wallClock(base, l.pickup)
    const pickupStart = instant(pickup)
    // Live listings were posted before now; past ones a few hours before their pickup.
    const created = new Date(
      past ? pickupStart.getTime() - 3 * HOUR : ago(l.createdDaysAgo).getTime() - 2 * HOUR,
    )
    const [row] = await tx
      .insert(listings)
      .values({
        donorId: user(l.donor),
        title: l.title,
        description: l.description,
        searchKey: searchKey(l.title, l.description, donor.district),
        categoryId: categoryId(l.category),
        quantity: claimed ? 0 : l.servings,
        initialQuantity: l.servings,
        type: l.price > 0 ? 'half-price' : 'free',
        price: l.price,
        pickupAddress: donor.location.split(',')[0] ?? donor.location,
        pickupCity: donor.district,
        pickupDistrict: donor.district,
        // Real points, so the demo shows distances: Nimal's food is in Dehiwala, Galle Face's near the Fort.
        pickupLat: donor.point.lat,
        pickupLng: donor.point.lng,
        pickupDate: pickup.date,
        pickupTimeStart: pickup.time,
        pickupTimeEnd: addMinutesToTime(pickup.time, 60),
        // The demo donors share their phone with approved recipients.
        contactPhone: donor.phone,
        expiresAt: instant(wallClock(base, l.expires)),
        allergens: l.allergens ?? [],
        safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
        status,
        claimedBy: claimed ? user('saman') : null,
        claimedAt: claimed ? new Date(created.getTime() + HOUR) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: listings.id })
    listingIds.push(row!.id)
    if (claimed) {
      const [claim] = await tx
        .insert(claims)
        .values({
          listingId: row!.id,
          claimantId: user(l.donor === 'spice' ? 'fathima' : l.donor === 'bakery' ? 'hope' : 'saman'),
          quantity: l.servings,
          pickupAt: pickupStart,
          contactMethod: 'phone',
          phone: '0771234506',
          status: status === 'completed' ? 'completed' : 'confirmed',
          decidedAt: new Date(created.getTime() + HOUR),
          completedAt: status === 'completed' ? pickupStart : null,
          // Every approved order has its code (docs/decisions/0047-pickup-codes.md).
          pickupCode: drawPickupCode(),
          ...(status === 'completed' ? demoHandover(listingIds.length - 1, l.servings) : {}),
          createdAt: new Date(created.getTime() + HOUR),
          updatedAt: pickupStart,
        })
        .returning({ id: claims.id })
      claimIds[listingIds.length - 1] = claim!.id
    }
  }
}
