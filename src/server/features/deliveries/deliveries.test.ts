import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DELIVERY_TIMES } from '../../../shared/delivery'
import { orderActionPath } from '../../../shared/orders'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { notifications } from '../../db/schema'
import { completeWithoutCode, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient', name: 'Saman' },
  colomboVolunteer: { role: 'volunteer', district: 'Colombo', name: 'Kasun' },
  // Registered in Gampaha but living near Colombo: the location text names it.
  locationVolunteer: { role: 'volunteer', district: 'Gampaha', location: 'Kelaniya, near Colombo' },
  kandyVolunteer: { role: 'volunteer', district: 'Kandy', location: 'Peradeniya' },
  // Takes a Kandy delivery, then moves to Jaffna.
  movingVolunteer: { role: 'volunteer', district: 'Kandy', location: 'Katugastota' },
  // In reach of Colombo, but still waiting for a moderator: may not accept, so is not offered.
  pendingVolunteer: { role: 'volunteer', district: 'Colombo', verified: false },
})

const body = (overrides: Record<string, unknown> = {}) =>
  deliveryBody({ postalCode: '01000', specialInstructions: 'Blue gate', urgent: false, ...overrides })
const ask = (listingId: string, user: TestUser | null, payload: Record<string, unknown> = body()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/deliveries`,
    payload,
    headers: user ? { cookie: user.cookie } : {},
  })
/** Asks for delivery and has the donor approve its order: then volunteers are offered it. */
const askApproved = async (listingId: string, user: TestUser, payload: Record<string, unknown> = body()) => {
  const res = await ask(listingId, user, payload)
  const { id, order } = res.json()
  const approved = await ctx.app.request('POST', orderActionPath(order.kind, order.id, 'approve'), ctx.donor)
  expect(approved.statusCode).toBe(200)
  return { id: id as string, order }
}
/** A step; delivering without the recipient's code (orders/delivery-orders.test.ts tests the code). */
const act = (id: string, action: string, user: TestUser) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/deliveries/${id}/${action}`,
    headers: { cookie: user.cookie },
    ...(action === 'complete' ? { payload: completeWithoutCode } : {}),
  })
const notified = async (user: TestUser, relatedId: string) =>
  (await ctx.app.services.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter(
    (n) => n.relatedId === relatedId,
  )

describe('requesting delivery', () => {
  it.each([
    ['Colombo', false, 200],
    ['Colombo', true, 300],
    ['Jaffna', false, 500],
    ['Nuwara Eliya', true, 450],
  ])('prices %s (urgent %s) at LKR %i, whatever the client sends', async (district, urgent, fee) => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await ask(listing.id, ctx.recipient, {
      ...body({ district, urgent }),
      fee: 1,
      deliveryFee: 1,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().fee).toBe(fee)
  })

  it('notifies the donor at once and, once approved, the volunteers who can reach both ends (district or location)', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Dhal curry',
      pickupDistrict: 'Gampaha',
    })
    const { id, order } = (await ask(listing.id, ctx.recipient, body({ quantity: 2 }))).json()
    const [toDonor] = await notified(ctx.donor, order.id)
    expect(toDonor).toMatchObject({ type: 'delivery_order', title: 'Delivery Order to Approve' })
    expect(toDonor?.message).toBe(
      'Saman asks for 2 portion(s) of "Dhal curry" to be delivered to Colombo 10. Approve or decline it on your dashboard.',
    )
    expect(await notified(ctx.colomboVolunteer, id)).toHaveLength(0)

    await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${order.id}/approve`,
      headers: { cookie: ctx.donor.cookie },
    })
    const [note] = await notified(ctx.colomboVolunteer, id)
    expect(note).toMatchObject({ type: 'delivery_request', title: 'New Delivery Request' })
    expect(note?.message).toBe('A delivery of "Dhal curry" to Colombo 10, Colombo is needed (fee LKR 200).')
    expect(await notified(ctx.locationVolunteer, id)).toHaveLength(1)
    expect(await notified(ctx.pendingVolunteer, id)).toHaveLength(0)
    // Kandy is about 100 km from either end: its volunteers are not asked.
    expect(await notified(ctx.kandyVolunteer, id)).toHaveLength(0)
  })

  it('offers a Kandy to Colombo delivery to nobody who cannot reach both ends', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const { id } = await askApproved(listing.id, ctx.recipient)
    for (const volunteer of [ctx.colomboVolunteer, ctx.locationVolunteer, ctx.kandyVolunteer]) {
      expect(await notified(volunteer, id)).toHaveLength(0)
    }
  })

  it('tells the requester when no volunteer at all can reach both ends, and only then', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy', title: 'Kiribath' })
    const { id } = await askApproved(listing.id, ctx.recipient, body({ district: 'Jaffna', city: 'Nallur' }))
    const [note] = await notified(ctx.recipient, id)
    expect(note).toMatchObject({ type: 'delivery_unreachable', title: 'No Volunteer Can Reach You Yet' })
    expect(note?.message).toBe(
      'No volunteer can reach both the pickup of "Kiribath" and Nallur yet. If you can collect it yourself, cancel the delivery and order the food for pickup instead.',
    )
    for (const volunteer of [ctx.colomboVolunteer, ctx.locationVolunteer, ctx.kandyVolunteer]) {
      expect(await notified(volunteer, id)).toHaveLength(0)
    }
    // One within reach: offered to them, and the requester is not told.
    const near = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const reachable = await askApproved(near.id, ctx.recipient, body({ district: 'Kandy', city: 'Kandy' }))
    expect(await notified(ctx.kandyVolunteer, reachable.id)).toHaveLength(1)
    expect(await notified(ctx.recipient, reachable.id)).toHaveLength(0)
  })

  it('refuses a delivery time outside the pickup window or after the expiry, in its own words', async () => {
    const tomorrow = sriLankaParts(new Date(Date.now() + 86_400_000)).date
    const windowed = await insertListing(ctx.app, ctx.donor.id, {
      pickupDate: tomorrow,
      pickupTimeStart: '10:00',
      pickupTimeEnd: '12:00',
      expiresAt: new Date(Date.now() + 3 * 86_400_000),
    })
    const outside = await ask(
      windowed.id,
      ctx.recipient,
      body({ deliveryDate: tomorrow, deliveryTime: '15:00' }),
    )
    expect(outside.statusCode).toBe(400)
    expect(outside.json().error.message).toBe(
      "Please choose a delivery time inside the food's pickup window.",
    )
    const inside = await ask(windowed.id, ctx.recipient, deliveryBody({}, windowed))
    expect(inside.statusCode).toBe(201)
    expect(deliveryBody({}, windowed)).toMatchObject({ deliveryDate: tomorrow, deliveryTime: '10:00' })

    // insertListing's food expires in 30 hours: two days ahead is after it.
    const later = sriLankaParts(new Date(Date.now() + 2 * 86_400_000)).date
    const expired = await ask(
      (await insertListing(ctx.app, ctx.donor.id)).id,
      ctx.recipient,
      body({ deliveryDate: later, deliveryTime: '12:00' }),
    )
    expect(expired.statusCode).toBe(400)
    expect(expired.json().error.message).toBe('Please choose a delivery time before the food expires.')
  })

  it('refuses a delivery time already past today', async () => {
    const now = sriLankaParts(new Date())
    const past = DELIVERY_TIMES.filter((time) => time < now.time).at(-1)
    // Before 09:00 in Sri Lanka no delivery time of today is past yet.
    if (!past) return
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await ask(listing.id, ctx.recipient, body({ deliveryDate: now.date, deliveryTime: past }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Please choose a delivery time in the future.')
  })

  it.each([
    [{ address: '' }, 'address', 'Please fill in all address fields.'],
    [{ city: '' }, 'city', 'Please fill in all address fields.'],
    [{ district: '' }, 'district', 'Please fill in all address fields.'],
    [{ deliveryDate: '' }, 'deliveryDate', 'Please select delivery date and time.'],
    [{ deliveryTime: '08:00' }, 'deliveryTime', 'Please select delivery date and time.'],
    [{ deliveryTime: '19:00' }, 'deliveryTime', 'Please select delivery date and time.'],
    [{ phone: '' }, 'phone', 'Please provide your phone number.'],
  ])('refuses %j with its message', async (overrides, field, message) => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await ask(listing.id, ctx.recipient, body(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
  })

  it('asks signed-out visitors to sign in', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await ask(listing.id, null, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Please sign in to request delivery.')
  })
})

describe('the delivery lifecycle', () => {
  it('a volunteer accepts, picks up and completes; the requester hears each step and rates it', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Bread' })
    const { id } = await askApproved(listing.id, ctx.recipient)
    const accepted = await act(id, 'accept', ctx.colomboVolunteer)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      status: 'assigned',
      volunteer: { id: ctx.colomboVolunteer.id, name: 'Kasun' },
    })
    expect((await notified(ctx.recipient, id)).map((n) => [n.type, n.title, n.message])).toContainEqual([
      'delivery_assigned',
      'Volunteer Assigned',
      'Kasun will handle the delivery to Colombo 10.',
    ])
    expect((await act(id, 'pick-up', ctx.colomboVolunteer)).json().status).toBe('in-progress')
    const done = await act(id, 'complete', ctx.colomboVolunteer)
    expect(done.json().status).toBe('completed')
    expect(done.json().completedAt).not.toBeNull()
    expect((await notified(ctx.recipient, id)).map((n) => [n.type, n.title, n.message])).toContainEqual([
      'delivery_completed',
      'Delivery Completed',
      'Your delivery to Colombo 10 was completed successfully.',
    ])
    const rate = (rating: number, user = ctx.recipient) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/deliveries/${id}/rating`,
        headers: { cookie: user.cookie },
        payload: { rating },
      })
    expect((await rate(6)).statusCode).toBe(400)
    expect((await rate(5, ctx.colomboVolunteer)).statusCode).toBe(403)
    expect((await rate(5)).json().rating).toBe(5)
    expect((await rate(4)).statusCode).toBe(409)
  })

  it('of two volunteers accepting at once, exactly one wins; the other gets 409', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = await askApproved(listing.id, ctx.recipient)
    const [a, b] = await Promise.all([
      act(id, 'accept', ctx.colomboVolunteer),
      act(id, 'accept', ctx.locationVolunteer),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().error.message).toBe('This delivery has already been taken by another volunteer.')
  })

  it('refuses the wrong people and steps out of order', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = await askApproved(listing.id, ctx.recipient)
    expect((await act(id, 'accept', ctx.recipient)).statusCode).toBe(403)
    expect((await act(id, 'complete', ctx.colomboVolunteer)).statusCode).toBe(403)
    await act(id, 'accept', ctx.colomboVolunteer)
    expect((await act(id, 'complete', ctx.kandyVolunteer)).statusCode).toBe(403)
    expect((await act(id, 'pick-up', ctx.kandyVolunteer)).statusCode).toBe(403)
    expect((await act(id, 'cancel', ctx.recipient)).statusCode).toBe(409)
    const early = await act(id, 'complete', ctx.colomboVolunteer)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe('Mark the food as picked up before marking it delivered.')
    expect((await act(id, 'pick-up', ctx.colomboVolunteer)).json().status).toBe('in-progress')
    const again = await act(id, 'pick-up', ctx.colomboVolunteer)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('This delivery has already been picked up.')
    expect((await act(id, 'complete', ctx.colomboVolunteer)).json().status).toBe('completed')
    expect((await act(id, 'complete', ctx.colomboVolunteer)).statusCode).toBe(409)
  })

  it('the requester may cancel while no volunteer has it; it then leaves the available list', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = await askApproved(listing.id, ctx.recipient)
    const available = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/deliveries?as=available&size=50',
          headers: { cookie: ctx.colomboVolunteer.cookie },
        })
      )
        .json()
        .items.map((d: { id: string }) => d.id)
    expect(await available()).toContain(id)
    expect((await act(id, 'cancel', ctx.colomboVolunteer)).statusCode).toBe(403)
    expect((await act(id, 'cancel', ctx.recipient)).json().status).toBe('cancelled')
    expect(await available()).not.toContain(id)
  })

  it('lists available deliveries for volunteers only, those within their reach, their own district (either end) first', async () => {
    const fromKandy = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const fromMatale = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Matale' })
    const toMatale = body({ district: 'Matale', city: 'Matale' })
    // Matale to Matale, Kandy to Matale, and Colombo to Colombo (about 100 km away: not theirs).
    const matale = await askApproved(fromMatale.id, ctx.recipient, toMatale)
    const { id } = await askApproved(fromKandy.id, ctx.recipient, toMatale)
    const colombo = await askApproved((await insertListing(ctx.app, ctx.donor.id)).id, ctx.recipient)
    const forKandy = await ctx.app.inject({
      method: 'GET',
      url: '/api/deliveries?as=available&size=50',
      headers: { cookie: ctx.kandyVolunteer.cookie },
    })
    const items = forKandy.json().items as {
      id: string
      district: string
      listing: { pickupDistrict: string }
    }[]
    expect(items.map((d) => d.id)).toEqual(expect.arrayContaining([id, matale.id]))
    expect(items.map((d) => d.id)).not.toContain(colombo.id)
    for (const d of items) expect([d.listing.pickupDistrict, d.district]).not.toContain('Colombo')
    const inKandy = items.map((d) => d.district === 'Kandy' || d.listing.pickupDistrict === 'Kandy')
    expect(inKandy).toEqual([...inKandy].sort((a, b) => Number(b) - Number(a)))
    expect(inKandy).toContain(false)
    expect(items.findIndex((d) => d.id === id)).toBeLessThan(inKandy.indexOf(false))
    const forRecipient = await ctx.app.inject({
      method: 'GET',
      url: '/api/deliveries?as=available',
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(forRecipient.statusCode).toBe(403)
  })
})

describe('personal data on a need-to-know basis', () => {
  const get = (url: string, user: TestUser) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  /** Every way a contact detail or an exact address could show in an answer. */
  const secrets = (listingAddress: string) => [
    ctx.recipient.email,
    ctx.donor.email,
    '0771234567',
    'Saman',
    '45 Maradana Road',
    '01000',
    'Blue gate',
    listingAddress,
  ]

  it('a volunteer who is not assigned sees the area, time and fee only; the assigned one sees everything', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupAddress: '7 Temple Lane, Wellawatte' })
    const { id } = await askApproved(listing.id, ctx.recipient)

    const listed = (await get('/api/deliveries?as=available&size=50', ctx.locationVolunteer))
      .json()
      .items.find((d: { id: string }) => d.id === id)
    const single = (await get(`/api/deliveries/${id}`, ctx.locationVolunteer)).json()
    for (const view of [listed, single]) {
      expect(view).toMatchObject({
        city: 'Colombo 10',
        district: 'Colombo',
        fee: 200,
        requester: null,
        address: null,
        postalCode: null,
        phone: null,
        email: null,
        specialInstructions: null,
        donorContact: null,
        quantity: 1,
        listing: { pickupAddress: null, pickupCity: 'Colombo' },
      })
      for (const secret of secrets(listing.pickupAddress)) expect(JSON.stringify(view)).not.toContain(secret)
    }
    const [note] = await get('/api/notifications', ctx.colomboVolunteer).then((r) =>
      r.json().items.filter((n: { relatedId: string }) => n.relatedId === id),
    )
    expect(note).toMatchObject({ type: 'delivery_request' })
    for (const secret of secrets(listing.pickupAddress)) expect(JSON.stringify(note)).not.toContain(secret)

    const full = {
      requester: { id: ctx.recipient.id, name: 'Saman', email: ctx.recipient.email },
      address: '45 Maradana Road',
      postalCode: '01000',
      phone: '+94771234567',
      specialInstructions: 'Blue gate',
      listing: { pickupAddress: '7 Temple Lane, Wellawatte' },
      donorContact: { email: ctx.donor.email },
    }
    const accepted = await act(id, 'accept', ctx.colomboVolunteer)
    expect(accepted.json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, ctx.colomboVolunteer)).json()).toMatchObject(full)
    expect(
      (await get('/api/deliveries?as=volunteer&size=50', ctx.colomboVolunteer))
        .json()
        .items.find((d: { id: string }) => d.id === id),
    ).toMatchObject(full)
    // The requester (their order is approved: a delivery is offered only then) and the donor keep
    // seeing it all; another volunteer no longer sees it at all.
    expect((await get(`/api/deliveries/${id}`, ctx.recipient)).json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, ctx.donor)).json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, ctx.locationVolunteer)).statusCode).toBe(403)
  })
})

describe('a delivery is for the volunteers who can reach both ends', () => {
  const get = (url: string, user: TestUser) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  const listed = async (user: TestUser) =>
    (await get('/api/deliveries?as=available&size=50', user)).json().items.map((d: { id: string }) => d.id)
  const outOfReach = {
    key: 'deliveries.errors.outOfReach',
    message:
      'This delivery is too far from your area: only volunteers who can reach both the pickup and the drop-off can take it.',
  }

  it('a Colombo volunteer neither lists, opens nor accepts a Kandy to Jaffna delivery, and nothing changes', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const { id } = await askApproved(listing.id, ctx.recipient, body({ district: 'Jaffna', city: 'Jaffna' }))
    expect(await listed(ctx.colomboVolunteer)).not.toContain(id)
    const opened = await get(`/api/deliveries/${id}`, ctx.colomboVolunteer)
    expect(opened.statusCode).toBe(403)
    expect(opened.json().error).toMatchObject(outOfReach)
    const accepted = await act(id, 'accept', ctx.colomboVolunteer)
    expect(accepted.statusCode).toBe(403)
    expect(accepted.json().error).toMatchObject(outOfReach)
    expect((await get(`/api/deliveries/${id}`, ctx.recipient)).json()).toMatchObject({
      status: 'pending',
      volunteer: null,
    })
    // About 300 km apart: no district reaches both, Kandy's volunteers neither.
    expect(await listed(ctx.kandyVolunteer)).not.toContain(id)
    expect((await act(id, 'accept', ctx.kandyVolunteer)).statusCode).toBe(403)
  })

  it('a Kandy volunteer lists, opens and accepts a Kandy to Matale delivery; a Colombo one does not', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const { id } = await askApproved(listing.id, ctx.recipient, body({ district: 'Matale', city: 'Matale' }))
    expect(await listed(ctx.kandyVolunteer)).toContain(id)
    expect(await listed(ctx.colomboVolunteer)).not.toContain(id)
    expect((await get(`/api/deliveries/${id}`, ctx.kandyVolunteer)).statusCode).toBe(200)
    expect((await act(id, 'accept', ctx.colomboVolunteer)).json().error).toMatchObject(outOfReach)
    const accepted = await act(id, 'accept', ctx.kandyVolunteer)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'assigned', volunteer: { id: ctx.kandyVolunteer.id } })
  })

  it('its volunteer keeps it once assigned, even after moving out of reach', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupDistrict: 'Kandy' })
    const { id } = await askApproved(listing.id, ctx.recipient, body({ district: 'Kandy', city: 'Kandy' }))
    const volunteer = ctx.movingVolunteer
    expect((await act(id, 'accept', volunteer)).statusCode).toBe(200)
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { district: 'Jaffna', location: 'Nallur' },
      headers: { cookie: volunteer.cookie },
    })
    expect(moved.statusCode).toBe(200)
    const opened = await get(`/api/deliveries/${id}`, volunteer)
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ address: '45 Maradana Road', volunteer: { id: volunteer.id } })
    expect((await act(id, 'pick-up', volunteer)).json().status).toBe('in-progress')
    expect((await act(id, 'complete', volunteer)).json().status).toBe('completed')
  })
})
