import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import { firstDeliveryTime } from '../../shared/delivery'
import { type PickupListing, pickupSlots } from '../../shared/pickup-time'
import { ALL_SAFETY_CHECKS_TICKED } from '../../shared/reference-data'
import type { CreateListingInput } from '../../shared/schemas/listing-input'
import { sriLankaParts } from '../../shared/sri-lanka-time'
import type { App } from '../app'
import { categories } from '../db/schema'
import { createTestApp, createUser, multipartFile, type TestApp, type TestUser } from './harness'

type UserOptions = NonNullable<Parameters<typeof createUser>[1]>

/**
 * An app for the whole file (built in beforeAll, torn down in afterAll) and the users named in
 * `users`, signed up in that order; read `ctx.app`, `ctx.<user>` inside hooks and tests.
 */
export function setUpTestApp<Users extends Record<string, UserOptions>>(
  users: Users,
  ...appOptions: Parameters<typeof createTestApp>
): { app: TestApp } & Record<keyof Users, TestUser> {
  const ctx = {} as { app: TestApp } & Record<keyof Users, TestUser>
  beforeAll(async () => {
    ctx.app = await createTestApp(...appOptions)
    for (const [name, options] of Object.entries(users) as [keyof Users, UserOptions][]) {
      ctx[name] = (await createUser(ctx.app, options)) as (typeof ctx)[keyof Users]
    }
  })
  afterAll(() => ctx.app.teardown())
  return ctx
}

/** The categories' ids by slug. */
export async function categoryIds(app: App): Promise<Record<string, string>> {
  const rows = await app.services.db.select().from(categories)
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]))
}

/** A PNG of one colour. */
export function pngImage({ width = 64, height = 48, background = '#16a34a' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

/** The upload of a PNG as the donate form sends it (multipart), to `POST /api/uploads`. */
export async function pngUpload(image?: Parameters<typeof pngImage>[0]) {
  return multipartFile(await pngImage(image), 'food.png', 'image/png')
}

/** Uploads a PNG as `user`; answers its URL. */
export async function uploadImage(app: App, user: TestUser, image?: Parameters<typeof pngImage>[0]) {
  const { payload, headers } = await pngUpload(image)
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, cookie: user.cookie },
  })
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json().url as string
}

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
