/** Valid bodies of the API's writes, each as its form would send it; a test overrides what it is about. */

import { firstDeliveryTime } from '../../shared/delivery'
import { type PickupListing, pickupSlots } from '../../shared/pickup-time'
import { ALL_SAFETY_CHECKS_TICKED } from '../../shared/reference-data'
import type { CreateListingInput } from '../../shared/schemas/listing-input'
import { sriLankaParts } from '../../shared/sri-lanka-time'

/** A valid `POST /api/listings` body: free food in Dehiwala, picked up within the hour, expiring in 10 hours. */
export function listingBody(
  categoryId: string,
  imageUrl: string,
  overrides: Partial<CreateListingInput> = {},
): CreateListingInput {
  const expiry = sriLankaParts(new Date(Date.now() + 10 * 3_600_000))
  // The one-hour pickup window starts now, so soonPickup() falls inside it.
  const pickup = sriLankaParts(new Date())
  return {
    title: 'Chicken rice packets',
    categoryId,
    description: 'Lunch packets cooked this morning.',
    quantity: 12,
    type: 'free',
    allergens: [],
    pickupAddress: '12 Galle Road',
    pickupCity: 'Dehiwala',
    pickupDistrict: 'Colombo',
    pickupDate: pickup.date,
    pickupTimeStart: pickup.time,
    expiryDate: expiry.date,
    expiryTime: expiry.time,
    deliveryRequested: false,
    imageUrls: [imageUrl],
    safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
    ...overrides,
  }
}

/**
 * A pickup half an hour from now (Sri Lanka time): inside the expiry of `insertListing`'s listings,
 * which have no pickup window. For a listing with a window, pass `pickupFor(listing)`.
 */
export function soonPickup(): { pickupDate: string; pickupTime: string } {
  const { date, time } = sriLankaParts(new Date(Date.now() + 30 * 60_000))
  return { pickupDate: date, pickupTime: time }
}

/** The first pickup time the order dialogs would offer for `listing`. */
export function pickupFor(listing: PickupListing): { pickupDate: string; pickupTime: string } {
  const first = pickupSlots(listing)[0]
  if (!first) throw new Error('the listing offers no pickup time')
  return { pickupDate: first.date, pickupTime: first.times[0]! }
}

/** A valid claim body (`POST /api/listings/:id/claims`): one portion, picked up soon. */
export function claimBody(overrides: Record<string, unknown> = {}) {
  return {
    quantity: 1,
    ...soonPickup(),
    contactMethod: 'phone',
    phone: '0771234567',
    ...overrides,
  }
}

/** A valid half-price request body (`POST /api/listings/:id/food-requests`): one serving, cash, soon. */
export function foodRequestBody(overrides: Record<string, unknown> = {}) {
  return {
    quantity: 1,
    ...soonPickup(),
    paymentMethod: 'cash',
    phone: '0771234567',
    ...overrides,
  }
}

/**
 * A donor's completion when the recipient's pickup code is not at hand (`POST /api/claims/:id/complete`,
 * docs/decisions/0047-pickup-codes.md): for tests about what comes after a collection, not the code.
 */
export const completeWithoutCode = { withoutCode: true, reason: 'The recipient’s phone was flat.' }

/**
 * A valid delivery request body (`POST /api/listings/:id/deliveries`) to Colombo 10: the first
 * delivery time `listing`'s food allows (by default one of `insertListing`'s, which has no pickup
 * window and expires in 30 hours), so it is ahead and before the expiry whatever the clock says.
 */
export function deliveryBody(
  overrides: Record<string, unknown> = {},
  listing: PickupListing = {
    pickupDate: null,
    pickupTimeStart: null,
    pickupTimeEnd: null,
    expiresAt: new Date(Date.now() + 30 * 3_600_000),
  },
) {
  const first = firstDeliveryTime(listing)
  if (!first) throw new Error('no delivery time is left for this listing')
  return {
    quantity: 1,
    address: '45 Maradana Road',
    city: 'Colombo 10',
    district: 'Colombo',
    deliveryDate: first.date,
    deliveryTime: first.time,
    phone: '0771234567',
    ...overrides,
  }
}

/** A valid event body (`POST /api/events`): a beach clean-up in five days, for 20. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Beach clean-up',
    description: 'Clean the beach, then lunch.',
    startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    address: 'Mount Lavinia Beach',
    city: 'Colombo',
    district: 'Colombo',
    maxAttendees: 20,
    ...overrides,
  }
}

/**
 * A valid standing offer body (`POST /api/standing-offers`): a bakery's unsold loaves, every evening
 * but Sunday from 19:00 to 20:00, in `categoryId`.
 */
export function standingOfferBody<Overrides extends Record<string, unknown>>(
  categoryId: string | null,
  overrides: Overrides = {} as Overrides,
) {
  return {
    title: 'Bread loaves',
    categoryId,
    description: "Today's unsold loaves",
    quantity: 20,
    type: 'free',
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    windowStart: '19:00',
    windowEnd: '20:00',
    pickupAddress: '12 Galle Road',
    pickupCity: 'Colombo 03',
    pickupDistrict: 'Colombo',
    safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
    ...overrides,
  }
}

/** A children's home as a recipient signing up for it names it (`organisation` of `POST /api/users`). */
export const childrensHome = {
  kind: 'childrens-home',
  name: 'Sarana Children’s Home',
  registrationNumber: 'DPCCS/WP/0412',
  capacity: 40,
  contactPerson: 'Sister Mary Perera',
}
