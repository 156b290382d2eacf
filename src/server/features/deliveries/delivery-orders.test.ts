import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listings, notifications, users } from '../../db/schema'
import { claimBody, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

/** A delivery is part of an order (docs/decisions/0027-delivery-is-part-of-an-order.md). */
const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient', name: 'Saman' },
  other: { role: 'recipient' },
  volunteer: { role: 'volunteer', district: 'Colombo', name: 'Kasun' },
  otherVolunteer: { role: 'volunteer', district: 'Colombo' },
})

type Order = { kind: 'claim' | 'request'; id: string }

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } })
const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const ask = (listingId: string, quantity: number, user = ctx.recipient) =>
  post(`/api/listings/${listingId}/deliveries`, user, deliveryBody({ quantity }))
const orderPath = (order: Order) => `/api/${order.kind === 'claim' ? 'claims' : 'food-requests'}/${order.id}`
const decide = (order: Order, action: 'approve' | 'decline') =>
  post(`${orderPath(order)}/${action}`, ctx.donor)
const act = (id: string, action: string, user: TestUser, payload?: object) =>
  post(`/api/deliveries/${id}/${action}`, user, payload)
const remaining = async (listingId: string) =>
  (await ctx.app.services.db.select().from(listings).where(eq(listings.id, listingId)))[0]!
const availableIds = async (user = ctx.otherVolunteer) =>
  (await get('/api/deliveries?as=available&size=50', user))
    .json()
    .items.map((d: { id: string }) => d.id) as string[]
const notes = async (user: TestUser, relatedId: string) =>
  (await ctx.app.services.db.select().from(notifications).where(eq(notifications.userId, user.id)))
    .filter((n) => n.relatedId === relatedId)
    .map((n) => n.type)

/** Asks for `quantity` portions delivered and has the donor approve. */
async function approvedDelivery(listingId: string, quantity = 1) {
  const res = await ask(listingId, quantity)
  expect(res.statusCode).toBe(201)
  const { id, order } = res.json() as { id: string; order: Order }
  expect((await decide(order, 'approve')).statusCode).toBe(200)
  return { id, order }
}

describe('Request Delivery reserves like an order', () => {
  it('a claim on free food: the portions leave the listing at once, the donor sees it "with delivery"', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const res = await ask(listing.id, 3)
    expect(res.statusCode).toBe(201)
    const { id, order } = res.json()
    expect(order.kind).toBe('claim')
    expect((await remaining(listing.id)).quantity).toBe(2)
    const seen = (await get(`/api/claims/${order.id}`, ctx.donor)).json()
    expect(seen).toMatchObject({ status: 'pending', quantity: 3, delivery: { id, status: 'pending' } })
    expect((await get(`/api/deliveries/${id}`, ctx.recipient)).json()).toMatchObject({
      quantity: 3,
      approved: false,
      order: { kind: 'claim', id: order.id, status: 'pending' },
    })
  })

  it('a food request on half-price food, priced by the server, at most 5', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 150,
      quantity: 8,
    })
    const tooMany = await ask(listing.id, 6)
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().error.message).toBe('Only 5 portions available.')
    const res = await ask(listing.id, 2)
    expect(res.json().order.kind).toBe('request')
    const order = (await get(`/api/food-requests/${res.json().order.id}`, ctx.recipient)).json()
    expect(order).toMatchObject({ quantity: 2, totalPrice: 300, paymentMethod: 'cash' })
    expect((await remaining(listing.id)).quantity).toBe(6)
  })

  it('refuses more than remains, the donor asking for their own food and a missing quantity', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    expect((await ask(listing.id, 3)).json().error.message).toBe('Only 2 portions available.')
    expect((await ask(listing.id, 1, ctx.donor)).statusCode).toBe(403)
    const missing = await post(`/api/listings/${listing.id}/deliveries`, ctx.recipient, {
      ...deliveryBody(),
      quantity: undefined,
    })
    expect(missing.statusCode).toBe(400)
    expect((await remaining(listing.id)).quantity).toBe(2)
  })

  it('the last portion taken turns the listing claimed', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    await ask(listing.id, 2)
    expect(await remaining(listing.id)).toMatchObject({ quantity: 0, status: 'claimed' })
    expect((await ask(listing.id, 1, ctx.other)).statusCode).toBe(409)
  })
})

describe('the donor approves before volunteers see it', () => {
  it('volunteers neither list nor open it until approved', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id, order } = (await ask(listing.id, 1)).json()
    expect(await availableIds()).not.toContain(id)
    expect((await get(`/api/deliveries/${id}`, ctx.otherVolunteer)).statusCode).toBe(403)
    const early = await act(id, 'accept', ctx.volunteer)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe('The donor has not approved this delivery yet.')
    await decide(order, 'approve')
    expect(await availableIds()).toContain(id)
    expect((await get(`/api/deliveries/${id}`, ctx.otherVolunteer)).json().approved).toBe(true)
  })

  it('declining cancels the delivery and returns the portions', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 4 })
    const { id, order } = (await ask(listing.id, 4)).json()
    expect((await remaining(listing.id)).status).toBe('claimed')
    expect((await decide(order, 'decline')).json()).toMatchObject({
      status: 'cancelled',
      delivery: { id, status: 'cancelled' },
    })
    expect(await remaining(listing.id)).toMatchObject({ quantity: 4, status: 'available' })
    expect(await notes(ctx.recipient, order.id)).toContain('claim_declined')
    expect(await availableIds()).not.toContain(id)
  })

  it('an order with a delivery is completed by delivering it, not by the donor', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { order } = await approvedDelivery(listing.id)
    const res = await post(`${orderPath(order)}/complete`, ctx.donor)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('This order is completed when its volunteer delivers it.')
  })
})

describe('the requester cancels while no volunteer has it', () => {
  it('before approval and after: the order is cancelled and the portions return', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 6 })
    const pending = (await ask(listing.id, 2)).json()
    const approved = await approvedDelivery(listing.id, 3)
    expect((await remaining(listing.id)).quantity).toBe(1)
    for (const { id, order } of [pending, approved]) {
      expect((await act(id, 'cancel', ctx.recipient)).json()).toMatchObject({
        status: 'cancelled',
        order: { status: 'cancelled' },
      })
      expect((await get(orderPath(order), ctx.recipient)).json().status).toBe('cancelled')
      expect(await notes(ctx.donor, id)).toContain('delivery_cancelled')
    }
    expect((await remaining(listing.id)).quantity).toBe(6)
  })

  it('cancelling its pending order from the orders list cancels the delivery too', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    const { id, order } = (await ask(listing.id, 2)).json()
    expect((await post(`${orderPath(order)}/cancel`, ctx.recipient)).json().delivery).toEqual({
      id,
      status: 'cancelled',
    })
    expect((await remaining(listing.id)).quantity).toBe(2)
  })

  it('not once a volunteer has it', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 3 })
    const { id } = await approvedDelivery(listing.id, 3)
    await act(id, 'accept', ctx.volunteer)
    const res = await act(id, 'cancel', ctx.recipient)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('This delivery request can no longer be cancelled.')
    expect((await remaining(listing.id)).quantity).toBe(0)
  })
})

describe('handing back', () => {
  it('before pick-up it returns to the pool, keeps its portions, and everyone concerned hears of it', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const { id } = await approvedDelivery(listing.id, 2)
    await act(id, 'accept', ctx.volunteer)
    expect(await availableIds()).not.toContain(id)
    expect((await act(id, 'hand-back', ctx.otherVolunteer)).statusCode).toBe(403)
    const res = await act(id, 'hand-back', ctx.volunteer)
    expect(res.statusCode).toBe(200)
    expect(await availableIds()).toContain(id)
    expect((await remaining(listing.id)).quantity).toBe(3)
    expect(await notes(ctx.recipient, id)).toContain('delivery_handed_back')
    expect(await notes(ctx.donor, id)).toContain('delivery_handed_back')
    expect((await notes(ctx.otherVolunteer, id)).filter((t) => t === 'delivery_request')).toHaveLength(2)
    expect(await notes(ctx.volunteer, id)).toEqual(['delivery_request'])
    // Someone else may take it now.
    expect((await act(id, 'accept', ctx.otherVolunteer)).json().status).toBe('assigned')
  })

  it('not after pick-up', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = await approvedDelivery(listing.id)
    await act(id, 'accept', ctx.volunteer)
    await act(id, 'pick-up', ctx.volunteer)
    const res = await act(id, 'hand-back', ctx.volunteer)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('A delivery can only be handed back before the food is picked up.')
  })
})

describe('delivering', () => {
  it('the assigned volunteer sees both addresses and both contacts', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { pickupAddress: '7 Temple Lane' })
    const { id } = await approvedDelivery(listing.id)
    const d = (await act(id, 'accept', ctx.volunteer)).json()
    expect(d).toMatchObject({
      address: '45 Maradana Road',
      phone: '+94771234567',
      requester: { name: 'Saman', email: ctx.recipient.email },
      listing: { pickupAddress: '7 Temple Lane' },
      donorContact: { email: ctx.donor.email },
    })
  })

  it("completes its order with the recipient's code, and the donation once nothing else is open", async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    const { id, order } = await approvedDelivery(listing.id, 2)
    const code = (await get(orderPath(order), ctx.recipient)).json().pickupCode as string
    await act(id, 'accept', ctx.volunteer)
    await act(id, 'pick-up', ctx.volunteer)
    const done = await act(id, 'complete', ctx.volunteer, { code: `${code.slice(0, 3)} ${code.slice(3)}` })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ status: 'completed', order: { status: 'completed' } })
    expect((await get(orderPath(order), ctx.donor)).json()).toMatchObject({
      status: 'completed',
      handoverVerified: true,
    })
    expect((await remaining(listing.id)).status).toBe('completed')
  })
})

describe('the drop-off code (docs/decisions/0047-pickup-codes.md)', () => {
  async function pickedUp() {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id, order } = await approvedDelivery(listing.id)
    await act(id, 'accept', ctx.volunteer)
    await act(id, 'pick-up', ctx.volunteer)
    const code = (await get(orderPath(order), ctx.recipient)).json().pickupCode as string
    return { id, order, code }
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it("is not the volunteer's to read; none or a wrong one is 400 and nothing changes", async () => {
    const { id, order, code } = await pickedUp()
    expect((await get(`/api/deliveries/${id}`, ctx.volunteer)).json()).not.toHaveProperty('pickupCode')
    for (const payload of [undefined, {}, { code: wrong(code) }]) {
      const res = await act(id, 'complete', ctx.volunteer, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('That pickup code is not right.')
    }
    expect((await get(`/api/deliveries/${id}`, ctx.volunteer)).json().status).toBe('in-progress')
    expect((await get(orderPath(order), ctx.donor)).json().status).toBe('confirmed')
  })

  it('five wrong codes lock it for 15 minutes (429), the volunteer and the recipient told; without the code still delivers', async () => {
    const { id, order, code } = await pickedUp()
    for (let i = 0; i < 5; i++) {
      expect((await act(id, 'complete', ctx.volunteer, { code: wrong(code) })).statusCode).toBe(400)
    }
    const locked = await act(id, 'complete', ctx.volunteer, { code })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(await notes(ctx.volunteer, id)).toContain('pickup_code_locked')
    expect(await notes(ctx.recipient, id)).toContain('pickup_code_locked')

    const noReason = await act(id, 'complete', ctx.volunteer, { withoutCode: true })
    expect(noReason.statusCode).toBe(400)
    const done = await act(id, 'complete', ctx.volunteer, {
      withoutCode: true,
      reason: 'Nobody was home; left with the neighbour.',
      weightKg: 1.5,
    })
    expect(done.statusCode).toBe(200)
    expect((await get(orderPath(order), ctx.donor)).json()).toMatchObject({
      status: 'completed',
      handoverVerified: false,
      unverifiedReason: 'Nobody was home; left with the neighbour.',
      weightKg: 1.5,
    })
  })

  it('only its volunteer may deliver: another is 403 before any code is counted', async () => {
    const { id, code } = await pickedUp()
    expect((await act(id, 'complete', ctx.otherVolunteer, { code })).statusCode).toBe(403)
    expect((await act(id, 'complete', ctx.volunteer, { code })).statusCode).toBe(200)
  })
})

describe('races', () => {
  it('of two volunteers accepting at once, one wins', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const { id } = await approvedDelivery(listing.id)
    const answers = await Promise.all([
      act(id, 'accept', ctx.volunteer),
      act(id, 'accept', ctx.otherVolunteer),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
  })

  it('claims racing delivery requests never oversell', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? ask(listing.id, 1, i % 4 === 0 ? ctx.recipient : ctx.other)
          : post(`/api/listings/${listing.id}/claims`, i % 4 === 1 ? ctx.recipient : ctx.other, claimBody()),
      ),
    )
    const won = answers.filter((a) => a.statusCode === 201)
    expect(won).toHaveLength(5)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7)
    expect(await remaining(listing.id)).toMatchObject({ quantity: 0, status: 'claimed' })
  })

  it('a cancel racing an accept: exactly one of them happens', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 3 })
    const { id } = await approvedDelivery(listing.id, 3)
    const [accepted, cancelled] = await Promise.all([
      act(id, 'accept', ctx.volunteer),
      act(id, 'cancel', ctx.recipient),
    ])
    expect([accepted.statusCode, cancelled.statusCode].sort()).toEqual([200, 409])
    expect((await remaining(listing.id)).quantity).toBe(cancelled.statusCode === 200 ? 3 : 0)
  })
})

describe('the contact a volunteer reaches', () => {
  it('says "verified number" when the delivery’s phone is the requester’s number proved by SMS', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const { id } = await approvedDelivery(listing.id)
    // deliveryBody's phone, 0771234567, stored as +94… (0060).
    await ctx.app.services.db
      .update(users)
      .set({ verifiedPhone: '94771234567' })
      .where(eq(users.id, ctx.recipient.id))
    const seen = (await act(id, 'accept', ctx.volunteer)).json()
    expect(seen).toMatchObject({ phone: '+94771234567', phoneVerified: true })
    await ctx.app.services.db
      .update(users)
      .set({ verifiedPhone: '94770000000' })
      .where(eq(users.id, ctx.recipient.id))
    expect((await get(`/api/deliveries/${id}`, ctx.volunteer)).json().phoneVerified).toBe(false)
    await ctx.app.services.db.update(users).set({ verifiedPhone: null }).where(eq(users.id, ctx.recipient.id))
  })
})
