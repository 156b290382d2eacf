import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { safeUntil } from '../../../shared/food-safety'
import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import { sriLankaInstant, sriLankaParts, sriLankaToday } from '../../../shared/sri-lanka-time'
import { listings, notifications } from '../../db/schema'
import { claimBody, listingBody } from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { sendDueReminders } from '../reminders/service'
import { expireListings } from './service'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman' },
})
const MINUTE = 60_000
const HOUR = 60 * MINUTE
let image: string
let preparedMeals: string

/** A prepared meal as the wizard sends it: cooked `minutesAgo`, kept as `storage`. */
function cookedMeal(minutesAgo: number, storage: string, overrides: Partial<CreateListingInput> = {}) {
  const { date, time } = sriLankaParts(new Date(Date.now() - minutesAgo * MINUTE))
  return listingBody(preparedMeals, image, {
    title: 'Rice and curry parcels',
    preparedAt: `${date}T${time}`,
    storage: storage as CreateListingInput['storage'],
    ...overrides,
  })
}

const post = (body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body as object,
    headers: { cookie: ctx.donor.cookie },
  })

beforeAll(async () => {
  image = await uploadImage(ctx.app, ctx.donor)
  preparedMeals = (await categoryIds(ctx.app))['prepared-meals']!
})

describe('the cooked-food clock on POST /api/listings', () => {
  it('asks a prepared meal when it was cooked', async () => {
    const res = await post(listingBody(preparedMeals, image))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.preparedAt).toEqual({
      key: 'donate.errors.preparedAtRequired',
      message: 'Please say when the food was cooked.',
    })
  })

  it('asks how it is kept once it says when it was cooked, and refuses a cooking time ahead', async () => {
    const { storage: _, ...withoutStorage } = cookedMeal(30, 'room')
    const res = await post(withoutStorage)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.storage.key).toBe('donate.errors.storageRequired')
    const ahead = await post(cookedMeal(-30, 'hot'))
    expect(ahead.statusCode).toBe(400)
    expect(ahead.json().error.fields.preparedAt.key).toBe('donate.errors.preparedInFuture')
  })

  it('gives food at room temperature 2 hours from cooking, and that is when it expires', async () => {
    const res = await post(cookedMeal(30, 'room'))
    expect(res.statusCode, res.body).toBe(201)
    const listing = res.json()
    // The wizard's field has whole minutes: cooked at that minute, safe 2 hours later.
    const cooked = new Date(listing.preparedAt).getTime()
    expect(listing.storage).toBe('room')
    expect(new Date(listing.safeUntil).getTime()).toBe(cooked + 2 * HOUR)
    expect(listing.expiresAt).toBe(listing.safeUntil)
  })

  it('keeps food kept hot until the end of the day it was cooked, never past the donor’s expiry', async () => {
    // Cooked this minute and no pickup window, so the day has not ended whatever the hour of the run
    // (but in its last minute, 23:59 in Sri Lanka, when the food would already be at its time).
    const body = cookedMeal(0, 'hot', { pickupDate: '', pickupTimeStart: '' })
    const res = await post(body)
    expect(res.statusCode, res.body).toBe(201)
    const listing = res.json()
    const expected = safeUntil(
      new Date(listing.preparedAt),
      'hot',
      sriLankaInstant(body.expiryDate, body.expiryTime),
    )
    expect(listing.safeUntil).toBe(expected.toISOString())
    expect(listing.expiresAt).toBe(listing.safeUntil)
  })

  it('refuses food already out too long, in the words of the issue', async () => {
    const res = await post(cookedMeal(125, 'room'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.preparedAt).toEqual({
      key: 'listings.errors.outTooLong',
      message: 'This food has been out too long to share safely.',
    })
  })

  it('refuses a pickup window that runs past the eat-by time', async () => {
    // Cooked 100 minutes ago at room temperature: safe for 20 minutes, the window is an hour.
    const res = await post(cookedMeal(100, 'room'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.pickupTimeStart).toEqual({
      key: 'orders.errors.pickupAfterExpiry',
      message: 'Please choose a pickup time before the food expires.',
    })
    const noWindow = await post(cookedMeal(100, 'room', { pickupDate: '', pickupTimeStart: '' }))
    expect(noWindow.statusCode, noWindow.body).toBe(201)
  })

  it('lets any category carry the clock when the donor says the food is cooked', async () => {
    const riceCurry = (await categoryIds(ctx.app))['rice-curry']!
    const res = await post({ ...cookedMeal(30, 'room'), categoryId: riceCurry })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().storage).toBe('room')
    const plain = await post(listingBody(riceCurry, image))
    expect(plain.json()).toMatchObject({ preparedAt: null, storage: null, safeUntil: null })
  })
})

describe('orders and the sweep keep to the clock', () => {
  it('offers no pickup past the eat-by time and refuses an order once it has passed', async () => {
    const res = await post(cookedMeal(60, 'room', { pickupDate: '', pickupTimeStart: '' }))
    const listing = res.json()
    const late = sriLankaParts(new Date(new Date(listing.safeUntil).getTime() + 15 * MINUTE))
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/claims`,
      headers: { cookie: ctx.recipient.cookie },
      payload: claimBody({ pickupDate: late.date, pickupTime: late.time }),
    })
    expect(claim.statusCode).toBe(400)
    expect(claim.json().error.key).toBe('orders.errors.pickupAfterExpiry')

    // Past its time (written straight to the row: the clock cannot be wound back through the API).
    const past = new Date(Date.now() - MINUTE)
    await ctx.app.services.db
      .update(listings)
      .set({ preparedAt: new Date(past.getTime() - 2 * HOUR), safeUntil: past, expiresAt: past })
      .where(eq(listings.id, listing.id))
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/claims`,
      headers: { cookie: ctx.recipient.cookie },
      payload: claimBody(),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe('This food has been out too long to share safely.')
  })

  it('the expiry sweep expires cooked food at its eat-by time', async () => {
    const listing = (await post(cookedMeal(30, 'room'))).json()
    const safe = new Date(listing.safeUntil)
    const db = ctx.app.services.db
    const statusOf = async () =>
      (await db.select({ status: listings.status }).from(listings).where(eq(listings.id, listing.id)))[0]!
        .status
    await expireListings(db, new Date(safe.getTime() - MINUTE))
    expect(await statusOf()).toBe('available')
    await expireListings(db, safe)
    expect(await statusOf()).toBe('expired')
  })

  it('the pickup reminder says until when to eat it', async () => {
    const day = sriLankaToday(new Date(Date.now() + 200 * 24 * HOUR))
    const cooked = sriLankaInstant(day, '10:00')
    const eatBy = sriLankaInstant(day, '23:59')
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Chicken biryani',
      preparedAt: cooked,
      storage: 'hot',
      safeUntil: eatBy,
      expiresAt: eatBy,
    })
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/claims`,
      headers: { cookie: ctx.recipient.cookie },
      payload: claimBody({ pickupDate: day, pickupTime: '12:00' }),
    })
    expect(claim.statusCode, claim.body).toBe(201)
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${claim.json().id}/approve`,
      headers: { cookie: ctx.donor.cookie },
    })
    expect(approve.statusCode).toBe(200)
    expect(await sendDueReminders(ctx.app.services.db, sriLankaInstant(day, '11:15'))).toBe(1)
    await ctx.app.services.outbox.settle()
    const [bell] = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.recipient.id), eq(notifications.type, 'pickup_reminder')))
    expect(bell!.message).toBe('Remember to collect "Chicken biryani" at 12:00. Eat it by 23:59.')
  })
})
