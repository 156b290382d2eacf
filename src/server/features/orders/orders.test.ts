import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { claims, listings, notifications } from '../../db/schema'
import { claimBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  other: { role: 'recipient', name: 'Other Recipient' },
})

const requestBody = (overrides: Record<string, unknown> = {}) =>
  foodRequestBody({ quantity: 2, ...overrides })

const claim = (listingId: string, user: TestUser | null, body: Record<string, unknown> = claimBody()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/claims`,
    payload: body,
    headers: user ? { cookie: user.cookie } : {},
  })
const request = (listingId: string, user: TestUser | null, body: Record<string, unknown> = requestBody()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/food-requests`,
    payload: body,
    headers: user ? { cookie: user.cookie } : {},
  })
const act = (path: string, id: string, action: string, user: TestUser) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}/${id}/${action}`, headers: { cookie: user.cookie } })
const listingRow = async (id: string) =>
  (await ctx.app.services.db.select().from(listings).where(eq(listings.id, id)))[0]!
const notificationsOf = async (user: TestUser) =>
  ctx.app.services.db.select().from(notifications).where(eq(notifications.userId, user.id))

describe('claiming free food', () => {
  it('reserves the portions at once and tells the donor', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 10, title: 'Kiribath' })
    const res = await claim(listing.id, ctx.recipient, claimBody({ quantity: 4, notes: 'For my family' }))
    expect(res.statusCode).toBe(201)
    expect((await listingRow(listing.id)).quantity).toBe(6)
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/claims/${res.json().id}`,
      headers: { cookie: ctx.donor.cookie },
    })
    expect(detail.json()).toMatchObject({
      kind: 'claim',
      quantity: 4,
      status: 'pending',
      contactMethod: 'phone',
      phone: '+94771234567',
      notes: 'For my family',
      requester: { name: 'Saman Recipient', email: ctx.recipient.email },
    })
    const note = (await notificationsOf(ctx.donor)).find((n) => n.relatedId === res.json().id)
    expect(note).toMatchObject({ type: 'food_claim', title: 'New Food Claim' })
    expect(note?.message).toBe('Saman Recipient claimed 4 portion(s) of "Kiribath".')
  })

  it('turns the listing claimed when the last portion goes', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 3 })
    expect((await claim(listing.id, ctx.recipient, claimBody({ quantity: 3 }))).statusCode).toBe(201)
    const row = await listingRow(listing.id)
    expect(row).toMatchObject({ quantity: 0, status: 'claimed', claimedBy: ctx.recipient.id })
    expect(row.claimedAt).toBeInstanceOf(Date)
    const again = await claim(listing.id, ctx.other)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('This food is no longer available.')
  })

  it.each([
    [{ pickupDate: '' }, 'pickupDate', 'Please select pickup date and time.'],
    [{ pickupTime: '' }, 'pickupTime', 'Please select pickup date and time.'],
    [{ pickupDate: '2020-01-01' }, 'pickupDate', 'The pickup date cannot be in the past.'],
    [{ quantity: 0 }, 'quantity', 'Please select a valid quantity.'],
    [{ quantity: 1.5 }, 'quantity', 'Please select a valid quantity.'],
    [{ contactMethod: 'phone', phone: '' }, 'phone', 'Please provide your phone number.'],
    [{ contactMethod: 'email', phone: '', email: '' }, 'email', 'Please provide your email address.'],
  ])('refuses %j with its message and changes nothing', async (overrides, field, message) => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const res = await claim(listing.id, ctx.recipient, claimBody(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
    expect((await listingRow(listing.id)).quantity).toBe(5)
  })

  it("refuses more than what is left: 'Only {n} portions available.'", async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const res = await claim(listing.id, ctx.recipient, claimBody({ quantity: 6 }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('Only 5 portions available.')
  })

  it('asks signed-out visitors to sign in, before checking the form', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await claim(listing.id, null, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Please sign in to claim food.')
    const req = await request(listing.id, null, {})
    expect(req.json().error.message).toBe('Please sign in to request food.')
  })

  it('refuses the donor’s own listing (403) and an expired one (409)', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const own = await claim(listing.id, ctx.donor)
    expect(own.statusCode).toBe(403)
    expect(own.json().error.message).toBe('You cannot order your own listing.')
    const expired = await insertListing(ctx.app, ctx.donor.id, { expiresAt: new Date(Date.now() - 60_000) })
    const late = await claim(expired.id, ctx.recipient)
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toBe('This food has expired and can no longer be ordered.')
  })

  // A hundred writes, each delivering its events before it answers (test harness), on two cores.
  it('lets exactly 40 of 100 simultaneous one-portion claims through a listing of 40', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 40 })
    const answers = await Promise.all(Array.from({ length: 100 }, () => claim(listing.id, ctx.recipient)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(40)
    expect(statuses.filter((s) => s === 409)).toHaveLength(60)
    const row = await listingRow(listing.id)
    expect(row.quantity).toBe(0)
    expect(row.status).toBe('claimed')
    const rows = await ctx.app.services.db.select().from(claims).where(eq(claims.listingId, listing.id))
    expect(rows.reduce((sum, c) => sum + c.quantity, 0)).toBe(40)
  }, 120_000)
})

describe('requesting half-price food', () => {
  it('prices the request on the server: total = price x quantity', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 150,
      quantity: 8,
      title: 'Kottu',
    })
    const res = await request(listing.id, ctx.recipient, {
      ...requestBody({ quantity: 3 }),
      totalPrice: 1,
      unitPrice: 1,
    })
    expect(res.statusCode).toBe(201)
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/food-requests/${res.json().id}`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(detail.json()).toMatchObject({
      kind: 'request',
      quantity: 3,
      unitPrice: 150,
      totalPrice: 450,
      paymentMethod: 'cash',
    })
    expect((await listingRow(listing.id)).quantity).toBe(5)
    const note = (await notificationsOf(ctx.donor)).find((n) => n.relatedId === res.json().id)
    expect(note).toMatchObject({ type: 'food_request', title: 'New Food Request' })
  })

  it('allows 1 to 5 servings, and no more than are left', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 100,
      quantity: 3,
    })
    expect(
      (await request(listing.id, ctx.recipient, requestBody({ quantity: 6 }))).json().error.fields.quantity
        .message,
    ).toBe('Please select a valid quantity.')
    const tooMany = await request(listing.id, ctx.recipient, requestBody({ quantity: 4 }))
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().error.message).toBe('Only 3 portions available.')
  })

  it('needs a phone number and a payment method', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { type: 'half-price', price: 100 })
    const res = await request(listing.id, ctx.recipient, requestBody({ phone: '', paymentMethod: 'cheque' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.phone.message).toBe('Please provide your phone number.')
    expect(res.json().error.fields.paymentMethod.message).toBe('Please choose a payment method.')
  })

  it('is refused for free food, and changes nothing', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 4 })
    const res = await request(listing.id, ctx.recipient)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('This food is free: claim it instead.')
    expect((await listingRow(listing.id)).quantity).toBe(4)
  })

  it('cannot be side-stepped with a free claim: 409, no portion taken, no claim stored', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 200,
      quantity: 4,
    })
    const res = await claim(listing.id, ctx.recipient, claimBody({ quantity: 4 }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      key: 'orders.errors.notFree',
      message: 'This food is sold at half price: send a food request instead.',
    })
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 4, status: 'available' })
    expect(await ctx.app.services.db.select().from(claims).where(eq(claims.listingId, listing.id))).toEqual(
      [],
    )
  })
})

describe('decisions and lifecycle', () => {
  it('approve: the claimant and the donor are told; the portions stay taken; then completed', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2, title: 'Hoppers' })
    const { id } = (await claim(listing.id, ctx.recipient, claimBody({ quantity: 2 }))).json()
    const approved = await act('claims', id, 'approve', ctx.donor)
    expect(approved.statusCode).toBe(200)
    expect(approved.json().status).toBe('confirmed')
    expect((await listingRow(listing.id)).quantity).toBe(0)
    expect((await notificationsOf(ctx.recipient)).find((n) => n.relatedId === id)).toMatchObject({
      type: 'claim_approved',
      title: 'Claim Approved!',
      message: 'Your claim for 2 portion(s) of "Hoppers" has been approved.',
    })
    expect(
      (await notificationsOf(ctx.donor)).find((n) => n.type === 'claim_approved_donor' && n.relatedId === id),
    ).toBeDefined()

    const twice = await act('claims', id, 'approve', ctx.donor)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.message).toBe('This order has already been decided.')

    const { pickupCode } = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/claims/${id}`,
        headers: { cookie: ctx.recipient.cookie },
      })
    ).json()
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${id}/complete`,
      payload: { code: pickupCode },
      headers: { cookie: ctx.donor.cookie },
    })
    expect(done.json()).toMatchObject({ status: 'completed', handoverVerified: true })
    // The last open order on a fully taken listing completes the donation.
    expect((await listingRow(listing.id)).status).toBe('completed')
  })

  it('decline: the portions return and a fully claimed listing is available again', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 3 })
    const { id } = (await claim(listing.id, ctx.recipient, claimBody({ quantity: 3 }))).json()
    expect((await listingRow(listing.id)).status).toBe('claimed')
    const declined = await act('claims', id, 'decline', ctx.donor)
    expect(declined.json().status).toBe('cancelled')
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 3, status: 'available', claimedBy: null })
    expect((await notificationsOf(ctx.recipient)).find((n) => n.relatedId === id)?.type).toBe(
      'claim_declined',
    )
    expect(
      (await notificationsOf(ctx.donor)).find((n) => n.type === 'claim_declined_donor' && n.relatedId === id),
    ).toBeDefined()
  })

  it('request decisions send request_accepted / request_declined', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 90,
      quantity: 9,
      title: 'Cake',
    })
    const a = (await request(listing.id, ctx.recipient)).json().id
    const b = (await request(listing.id, ctx.other)).json().id
    await act('food-requests', a, 'approve', ctx.donor)
    await act('food-requests', b, 'decline', ctx.donor)
    expect((await notificationsOf(ctx.recipient)).find((n) => n.relatedId === a)).toMatchObject({
      type: 'request_accepted',
      title: 'Request Accepted!',
      message: 'Your food request for "Cake" has been accepted.',
    })
    expect((await notificationsOf(ctx.other)).find((n) => n.relatedId === b)).toMatchObject({
      type: 'request_declined',
      title: 'Request Declined',
    })
    expect((await listingRow(listing.id)).quantity).toBe(7)
  })

  it('only the donor decides, only the requester cancels, and only while pending', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const { id } = (await claim(listing.id, ctx.recipient)).json()
    expect((await act('claims', id, 'approve', ctx.recipient)).statusCode).toBe(403)
    expect((await act('claims', id, 'approve', ctx.other)).statusCode).toBe(403)
    expect((await act('claims', id, 'cancel', ctx.donor)).statusCode).toBe(403)
    expect((await act('claims', id, 'complete', ctx.donor)).statusCode).toBe(409)
    const cancelled = await act('claims', id, 'cancel', ctx.recipient)
    expect(cancelled.json().status).toBe('cancelled')
    expect((await listingRow(listing.id)).quantity).toBe(5)
    expect(
      (await notificationsOf(ctx.donor)).find((n) => n.type === 'order_cancelled' && n.relatedId === id),
    ).toBeDefined()
    expect((await act('claims', id, 'cancel', ctx.recipient)).statusCode).toBe(409)
  })

  it('shows an order only to its requester and the donor', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = (await claim(listing.id, ctx.recipient)).json()
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/claims/${id}`,
          headers: { cookie: ctx.other.cookie },
        })
      ).statusCode,
    ).toBe(403)
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/claims/00000000-0000-4000-8000-000000000000',
      headers: { cookie: ctx.donor.cookie },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Claim not found')
  })

  it('lists my orders and the orders on my listings', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    await claim(listing.id, ctx.other)
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/claims?as=requester',
      headers: { cookie: ctx.other.cookie },
    })
    expect(
      mine.json().items.every((c: { requester: { id: string } }) => c.requester.id === ctx.other.id),
    ).toBe(true)
    const onMine = await ctx.app.inject({
      method: 'GET',
      url: '/api/claims?as=donor&size=50',
      headers: { cookie: ctx.donor.cookie },
    })
    expect(onMine.json().items.length).toBeGreaterThan(0)
    expect(
      onMine.json().items.every((c: { listing: { donorId: string } }) => c.listing.donorId === ctx.donor.id),
    ).toBe(true)
  })
})
