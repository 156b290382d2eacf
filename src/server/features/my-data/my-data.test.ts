import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, deliveries, listings, pushSubscriptions, ratings, reports, users } from '../../db/schema'
import { uploadName } from '../../platform/storage'
import {
  claimBody,
  completeWithoutCode,
  deliveryBody,
  eventBody,
  foodRequestBody,
  listingBody,
} from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { startS3Server } from '../../test/s3-server'
import { createUser, type TestUser } from '../../test/users'

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }

function as(app: TestApp, user: TestUser) {
  return async ({ method, url, payload }: Call, status?: number) => {
    const res = await app.inject({ method, url, payload, headers: { cookie: user.cookie } })
    if (status !== undefined) expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status)
    return res
  }
}

const storyBody = { title: 'Bread every morning', category: 'success', body: 'Fresh bread for 30 children.' }

describe('download my data', () => {
  let app: TestApp
  let subject: TestUser
  let otherDonor: TestUser
  let volunteer: TestUser
  const OTHER_PHONE = '0719998887'
  const OTHER_EMAIL = 'other.donor.contact@example.lk'
  const OTHER_ADDRESS = '77 Bakery Lane'
  const OTHER_POSTAL_CODE = '80000'

  beforeAll(async () => {
    app = await createTestApp()
    subject = await createUser(app, { role: 'donor', name: 'Nimal Perera', phone: '0771112223' })
    otherDonor = await createUser(app, { role: 'donor', name: 'Galle Bakery', phone: OTHER_PHONE })
    volunteer = await createUser(app, { role: 'volunteer', name: 'Kasun Volunteer', phone: '0765554443' })
  })
  afterAll(() => app.teardown())

  it('holds one of every kind of row stored about the user, and nobody else’s e-mail or phone', async () => {
    const me = as(app, subject)
    const other = as(app, otherDonor)
    const { 'rice-curry': categoryId } = await categoryIds(app)
    // Listings and uploads.
    const photo = await uploadImage(app, subject)
    const myListing = (
      await me(
        {
          method: 'POST',
          url: '/api/listings',
          payload: listingBody(categoryId!, photo, { title: 'Kiribath for ten' }),
        },
        201,
      )
    ).json().id as string
    // Orders on someone else's listings: a claim (approved, so a notification arrives) and a request.
    const otherPhoto = await uploadImage(app, otherDonor)
    const free = (
      await other(
        {
          method: 'POST',
          url: '/api/listings',
          payload: listingBody(categoryId!, otherPhoto, {
            contactPhone: OTHER_PHONE,
            contactEmail: OTHER_EMAIL,
            pickupAddress: OTHER_ADDRESS,
            pickupPostalCode: OTHER_POSTAL_CODE,
          }),
        },
        201,
      )
    ).json().id as string
    const claim = (
      await me({ method: 'POST', url: `/api/listings/${free}/claims`, payload: claimBody() }, 201)
    ).json().id
    await other({ method: 'POST', url: `/api/claims/${claim}/approve` }, 200)
    const halfPrice = await insertListing(app, otherDonor.id, {
      type: 'half-price',
      price: 150,
      title: 'Fish buns',
    })
    await me(
      { method: 'POST', url: `/api/listings/${halfPrice.id}/food-requests`, payload: foodRequestBody() },
      201,
    )
    // A delivery asked for, and one carried as a volunteer.
    const forDelivery = await insertListing(app, otherDonor.id, { title: 'Dhal curry' })
    await me(
      { method: 'POST', url: `/api/listings/${forDelivery.id}/deliveries`, payload: deliveryBody() },
      201,
    )
    await app.services.db.insert(deliveries).values({
      listingId: forDelivery.id,
      requesterId: otherDonor.id,
      quantity: 1,
      address: '9 Secret Lane',
      city: 'Colombo 05',
      district: 'Colombo',
      deliveryAt: new Date(),
      phone: OTHER_PHONE,
      email: OTHER_EMAIL,
      fee: 200,
      status: 'completed',
      volunteerId: subject.id,
      completedAt: new Date(),
    })
    // Preferences, stories, likes, events, a contact message.
    await me(
      {
        method: 'PUT',
        url: '/api/me/notification-preferences',
        payload: { email: { event_created: true }, sms: { pickup_reminder: false } },
      },
      200,
    )
    await me({ method: 'POST', url: '/api/stories', payload: { ...storyBody, title: 'My own story' } }, 201)
    const theirStory = (
      await other(
        { method: 'POST', url: '/api/stories', payload: { ...storyBody, title: 'Their story' } },
        201,
      )
    ).json().id
    await me({ method: 'PUT', url: `/api/stories/${theirStory}/like` }, 200)
    await me({ method: 'POST', url: '/api/events', payload: eventBody({ title: 'My clean-up' }) }, 201)
    const theirEvent = (
      await as(app, volunteer)(
        { method: 'POST', url: '/api/events', payload: eventBody({ title: 'Their cooking day' }) },
        201,
      )
    ).json().id
    await me({ method: 'POST', url: `/api/events/${theirEvent}/attendance` }, 200)
    await me(
      {
        method: 'POST',
        url: '/api/contact-messages',
        payload: {
          name: 'Nimal Perera',
          email: subject.email,
          category: 'general',
          subject: 'Hello',
          message: 'Thank you for Ahara, it helps us.',
        },
      },
      201,
    )

    // Built by other features: a report made, ratings both ways, a device for push.
    await app.services.db.insert(reports).values({
      reporterId: subject.id,
      targetType: 'listing',
      targetId: free,
      reason: 'misleading',
      note: 'Not rice at all',
    })
    await app.services.db.insert(ratings).values([
      { raterId: subject.id, rateeId: otherDonor.id, claimId: claim, score: 5, comment: 'Kind donor' },
      { raterId: otherDonor.id, rateeId: subject.id, claimId: claim, score: 4, comment: 'Came on time' },
    ])
    await app.services.db.insert(pushSubscriptions).values({
      userId: subject.id,
      endpoint: 'https://push.example.lk/device-1',
      p256dh: 'key',
      auth: 'secret',
    })
    // A suspended user may still download their data.
    await app.services.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Spam' })
      .where(eq(users.id, subject.id))

    const res = await me({ method: 'GET', url: '/api/me/data' }, 200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ahara-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const data = res.json()
    expect(data.profile).toMatchObject({
      name: 'Nimal Perera',
      email: subject.email,
      phone: '+94771112223', // stored as E.164 (0060)
      role: 'donor',
    })
    expect(data.profile.signInMethods).toEqual([{ method: 'password', since: expect.any(String) }])
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(Object.keys(data.sessions[0])).not.toContain('token')
    expect(data.listings.map((l: { id: string }) => l.id)).toEqual([myListing])
    // The delivery's order is a claim too (the listing is free).
    expect(data.orders.claims.map((o: { listing: { title: string } }) => o.listing.title).sort()).toEqual([
      'Chicken rice packets',
      'Dhal curry',
    ])
    expect(data.orders.claims.find((o: { id: string }) => o.id === claim).listing.donorName).toBe(
      'Galle Bakery',
    )
    expect(data.orders.foodRequests.map((o: { listing: { title: string } }) => o.listing.title)).toEqual([
      'Fish buns',
    ])
    expect(data.deliveries.asRequester).toHaveLength(1)
    expect(data.deliveries.asRequester[0]).toMatchObject({
      address: '45 Maradana Road',
      listing: { title: 'Dhal curry' },
    })
    expect(data.deliveries.asVolunteer).toHaveLength(1)
    expect(data.deliveries.asVolunteer[0]).toMatchObject({
      requesterName: 'Galle Bakery',
      city: 'Colombo 05',
    })
    expect(data.notifications.map((n: { type: string }) => n.type)).toContain('claim_approved')
    expect(data.notificationPreferences.chosen).toEqual(
      expect.arrayContaining([
        { type: 'event_created', email: true, sms: null, updatedAt: expect.any(String) },
        { type: 'pickup_reminder', email: null, sms: false, updatedAt: expect.any(String) },
      ]),
    )
    expect(data.notificationPreferences.inEffect.sms.pickup_reminder).toBe(false)
    expect(data.stories.written.map((s: { title: string }) => s.title)).toEqual(['My own story'])
    expect(data.stories.likes.map((s: { title: string }) => s.title)).toEqual(['Their story'])
    expect(data.events.organised.map((e: { title: string }) => e.title)).toEqual(['My clean-up'])
    expect(data.events.joined.map((e: { title: string }) => e.title)).toEqual(['Their cooking day'])
    expect(data.contactMessages).toMatchObject([{ subject: 'Hello', email: subject.email }])
    expect(data.uploads.map((u: { url: string }) => u.url)).toEqual([photo])
    expect(data.moderation.reportsMade).toMatchObject([
      { targetId: free, reason: 'misleading', note: 'Not rice at all' },
    ])
    expect(data.moderation.suspension).toMatchObject({ suspensionReason: 'Spam', suspendedUntil: null })
    expect(data.ratings.given).toMatchObject([
      { ratee: 'Galle Bakery', score: 5, about: { kind: 'claim', id: claim } },
    ])
    expect(data.ratings.received).toMatchObject([
      { rater: 'Galle Bakery', score: 4, comment: 'Came on time' },
    ])
    expect(data.pushSubscriptions).toMatchObject([{ endpoint: 'https://push.example.lk/device-1' }])

    // Other people appear by name, never with their e-mail, phone or address: the donor's street
    // address and postal code on an approved claim are the donor's data, though the user once saw them.
    for (const order of [...data.orders.claims, ...data.orders.foodRequests]) {
      expect(order.listing).toMatchObject({ pickupAddress: null, pickupPostalCode: null })
    }
    for (const secret of [
      otherDonor.email,
      OTHER_EMAIL,
      OTHER_PHONE,
      OTHER_ADDRESS,
      '9 Secret Lane',
      volunteer.email,
      '0765554443',
    ]) {
      expect(res.body).not.toContain(secret)
    }
    expect(res.body).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)":/)
  })

  it('is for the signed-in user only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me/data' })
    expect(res.statusCode).toBe(401)
  })
})

describe('delete my account', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.teardown())

  const impact = async () => (await app.inject({ method: 'GET', url: '/api/impact' })).json()

  it('refuses a wrong password and changes nothing', async () => {
    const user = await createUser(app, { role: 'recipient', name: 'Saman Kumara' })
    const me = as(app, user)
    expect((await me({ method: 'GET', url: '/api/me/deletion' }, 200)).json()).toEqual({
      confirmWith: 'password',
    })
    const res = await me(
      { method: 'POST', url: '/api/me/deletion', payload: { password: 'not-my-password' } },
      400,
    )
    expect(res.json().error.message).toBe('That password is not right. Your account has not been deleted.')
    await me({ method: 'POST', url: '/api/me/deletion', payload: {} }, 400)
    expect((await me({ method: 'GET', url: '/api/me' }, 200)).json()).toMatchObject({
      name: 'Saman Kumara',
      email: user.email,
    })
  })

  it('lets a suspended user delete their account', async () => {
    const user = await createUser(app, { role: 'recipient' })
    const me = as(app, user)
    await app.services.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'No-shows' })
      .where(eq(users.id, user.id))
    await me({ method: 'PATCH', url: '/api/me', payload: { location: 'Kandy' } }, 403)
    await me({ method: 'POST', url: '/api/me/deletion', payload: { password: user.password } }, 204)
    await me({ method: 'GET', url: '/api/me' }, 401)
  })

  it('asks an account without a password (Google only) for its e-mail address instead', async () => {
    const user = await createUser(app, { role: 'recipient', name: 'Google Only' })
    await app.services.db
      .update(accounts)
      .set({ providerId: 'google', password: null })
      .where(eq(accounts.userId, user.id))
    const me = as(app, user)
    expect((await me({ method: 'GET', url: '/api/me/deletion' }, 200)).json()).toEqual({
      confirmWith: 'email',
    })
    const wrong = await me(
      { method: 'POST', url: '/api/me/deletion', payload: { email: 'someone@else.lk' } },
      400,
    )
    expect(wrong.json().error.message).toBe(
      "That is not your account's e-mail address. Your account has not been deleted.",
    )
    await me({ method: 'POST', url: '/api/me/deletion', payload: { password: 'anything-at-all' } }, 400)
    await me({ method: 'GET', url: '/api/me' }, 200)
    await me({ method: 'POST', url: '/api/me/deletion', payload: { email: user.email.toUpperCase() } }, 204)
    await me({ method: 'GET', url: '/api/me' }, 401)
    expect(await app.services.db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([])
  })

  it('erases a donor: files, sessions, listings withdrawn, requesters told, history kept anonymised', async () => {
    const { 'rice-curry': categoryId } = await categoryIds(app)
    const donor = await createUser(app, { role: 'donor', name: 'Kandy Spice', phone: '0812223334' })
    const recipient = await createUser(app, { role: 'recipient', name: 'Fathima Rizvi' })
    const otherDonor = await createUser(app, { role: 'donor', name: 'Harbour View' })
    const d = as(app, donor)
    const r = as(app, recipient)
    const photo = await uploadImage(app, donor)
    const files = [photo, photo.replace('.webp', '-thumb.webp')].map((url) => uploadName(url)!)
    for (const name of files) expect(existsSync(join(app.dataDir, 'uploads', name))).toBe(true)
    await d({ method: 'PUT', url: '/api/me/photo', payload: { url: photo } }, 200)
    const open = (
      await d(
        { method: 'POST', url: '/api/listings', payload: listingBody(categoryId!, photo, { quantity: 5 }) },
        201,
      )
    ).json().id as string
    // A collected order on another listing: it counts in the impact figures and must keep counting.
    const past = await insertListing(app, donor.id, { title: 'Past lunch', quantity: 4 })
    const done = (
      await r(
        { method: 'POST', url: `/api/listings/${past.id}/claims`, payload: claimBody({ quantity: 2 }) },
        201,
      )
    ).json().id
    await d({ method: 'POST', url: `/api/claims/${done}/approve` }, 200)
    await d({ method: 'POST', url: `/api/claims/${done}/complete`, payload: completeWithoutCode }, 200)
    // A pending claim on the open listing, and the donor's own open claim on someone else's food.
    const pending = (
      await r(
        { method: 'POST', url: `/api/listings/${open}/claims`, payload: claimBody({ quantity: 2 }) },
        201,
      )
    ).json().id
    const elsewhere = await insertListing(app, otherDonor.id, { title: 'Hoppers', quantity: 6 })
    const mine = (
      await d(
        { method: 'POST', url: `/api/listings/${elsewhere.id}/claims`, payload: claimBody({ quantity: 3 }) },
        201,
      )
    ).json().id
    const story = (await d({ method: 'POST', url: '/api/stories', payload: storyBody }, 201)).json().id
    const before = await impact()

    const res = await d(
      { method: 'POST', url: '/api/me/deletion', payload: { password: donor.password } },
      204,
    )
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.value === '')).toBe(true)

    // Signed out everywhere, and nobody can sign in again.
    expect((await d({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: donor.email, password: donor.password },
    })
    expect(signIn.statusCode).toBe(401)
    // The files are gone from storage.
    for (const name of files) {
      expect(existsSync(join(app.dataDir, 'uploads', name))).toBe(false)
      expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404)
    }
    // The account row holds no personal data.
    const [row] = await app.services.db.select().from(users).where(eq(users.id, donor.id))
    expect(row).toMatchObject({
      name: 'Deleted user',
      phone: null,
      location: null,
      district: null,
      profileImageUrl: null,
    })
    expect(row!.email).toMatch(/@deleted\.ahara\.invalid$/)
    // The available listing is withdrawn: no longer orderable, its pending claim ended and its requester told.
    const listingRes = await r({ method: 'GET', url: `/api/listings/${open}` }, 200)
    expect(listingRes.json()).toMatchObject({ status: 'expired', quantity: 5 })
    expect(listingRes.body).not.toContain('12 Galle Road')
    expect((await r({ method: 'GET', url: `/api/claims/${pending}` }, 200)).json().status).toBe('cancelled')
    const bell = (await r({ method: 'GET', url: '/api/notifications' }, 200)).json().items
    expect(bell.map((n: { type: string }) => n.type)).toContain('claim_declined')
    // The donor's own open claim is cancelled, its portions back on the other listing, whose donor is told.
    const [elsewhereNow] = await app.services.db.select().from(listings).where(eq(listings.id, elsewhere.id))
    expect(elsewhereNow!.quantity).toBe(6)
    const otherBell = (await as(app, otherDonor)({ method: 'GET', url: '/api/notifications' }, 200)).json()
      .items
    expect(otherBell).toContainEqual(expect.objectContaining({ type: 'order_cancelled', relatedId: mine }))
    // History stays: the completed order, the figures, and the story signed "Deleted user".
    expect((await r({ method: 'GET', url: `/api/claims/${done}` }, 200)).json()).toMatchObject({
      status: 'completed',
      listing: { donorName: 'Deleted user' },
    })
    expect(await impact()).toEqual(before)
    const stories = (await app.inject({ method: 'GET', url: '/api/stories?size=50' })).json().items
    expect(stories.find((s: { id: string }) => s.id === story).author).toMatchObject({
      name: 'Deleted user',
      avatarUrl: null,
    })
  })

  it('hands back the deliveries a volunteer accepted', async () => {
    const donor = await createUser(app, { role: 'donor' })
    const recipient = await createUser(app, { role: 'recipient' })
    const volunteer = await createUser(app, { role: 'volunteer' })
    const listing = await insertListing(app, donor.id, { title: 'Milk rice' })
    const delivery = (
      await as(app, recipient)(
        { method: 'POST', url: `/api/listings/${listing.id}/deliveries`, payload: deliveryBody() },
        201,
      )
    ).json()
    const order = (await app.services.db.select().from(deliveries).where(eq(deliveries.id, delivery.id)))[0]!
    await as(app, donor)({ method: 'POST', url: `/api/claims/${order.claimId}/approve` }, 200)
    const v = as(app, volunteer)
    await v({ method: 'POST', url: `/api/deliveries/${delivery.id}/accept` }, 200)
    await v({ method: 'POST', url: '/api/me/deletion', payload: { password: volunteer.password } }, 204)
    const now = (
      await as(app, recipient)({ method: 'GET', url: `/api/deliveries/${delivery.id}` }, 200)
    ).json()
    expect(now).toMatchObject({ status: 'pending', volunteer: null })
    const bell = (await as(app, recipient)({ method: 'GET', url: '/api/notifications' }, 200)).json().items
    expect(bell).toContainEqual(
      expect.objectContaining({ type: 'delivery_handed_back', relatedId: delivery.id }),
    )
  })
})

// Apps of their own, built in hooks: a start with real limits or a bucket takes longer than a test may.
describe('delete my account: the password check is rate-limited', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { realLimits: true })
  })
  afterAll(() => app.teardown())

  it('stops guessing the password after 5 wrong tries', async () => {
    const user = await createUser(app, { role: 'recipient' })
    const me = as(app, user)
    for (let i = 0; i < 5; i++) {
      await me({ method: 'POST', url: '/api/me/deletion', payload: { password: `guess-${i}` } }, 400)
    }
    const res = await me(
      { method: 'POST', url: '/api/me/deletion', payload: { password: user.password } },
      429,
    )
    expect(res.headers['retry-after']).toBeDefined()
    await me({ method: 'GET', url: '/api/me' }, 200)
  })
})

describe('delete my account: uploads in an S3-compatible bucket', () => {
  let app: TestApp
  let s3: Awaited<ReturnType<typeof startS3Server>>
  beforeAll(async () => {
    s3 = await startS3Server()
    app = await createTestApp(s3.env)
  })
  afterAll(async () => {
    await app?.teardown()
    await s3?.stop()
  })

  it('removes the files from the bucket', async () => {
    const user = await createUser(app, { role: 'recipient' })
    const photo = await uploadImage(app, user)
    expect((await app.inject({ method: 'GET', url: photo })).statusCode).toBe(200)
    await as(app, user)(
      { method: 'POST', url: '/api/me/deletion', payload: { password: user.password } },
      204,
    )
    expect(await app.services.storage.get(uploadName(photo)!)).toBeUndefined()
    expect((await app.inject({ method: 'GET', url: photo })).statusCode).toBe(404)
  })
})
