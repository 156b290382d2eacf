import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { claims, foodRequests, listings, mailOutbox, notifications } from '../../db/schema'
import { claimBody, completeWithoutCode, deliveryBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { eventually, setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  otherDonor: { role: 'donor', name: 'Kamala Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
})

type Kind = 'claim' | 'request'
const PATHS = { claim: 'claims', request: 'food-requests' } as const
const HOUR = 3_600_000

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })
const act = (kind: Kind, id: string, action: string, user: TestUser = ctx.donor) =>
  post(`/api/${PATHS[kind]}/${id}/${action}`, user)
const listingRow = async (id: string) =>
  (await ctx.app.services.db.select().from(listings).where(eq(listings.id, id)))[0]!

/** An order of `quantity` portions on `listingId` (pending, or approved unless `approve` is false). */
async function order(kind: Kind, listingId: string, quantity: number, approve = true) {
  const body = kind === 'claim' ? claimBody({ quantity }) : foodRequestBody({ quantity })
  const res = await post(
    `/api/listings/${listingId}/${kind === 'claim' ? 'claims' : 'food-requests'}`,
    ctx.recipient,
    body,
  )
  expect(res.statusCode).toBe(201)
  const id = res.json().id as string
  if (approve) expect((await act(kind, id, 'approve')).statusCode).toBe(200)
  return id
}

/** Moves the chosen pickup time back: orders can only be placed for the future. */
async function pickupAgo(kind: Kind, id: string, ms: number) {
  const table = kind === 'claim' ? claims : foodRequests
  await ctx.app.services.db
    .update(table)
    .set({ pickupAt: new Date(Date.now() - ms) })
    .where(eq(table.id, id))
}

describe('not collected', () => {
  it('is refused until the pickup window has ended, then cancels the order and reopens the listing', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 3, title: 'Lamprais' })
    const id = await order('claim', listing.id, 3)
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 0, status: 'claimed' })

    const early = await act('claim', id, 'not-collected')
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(
      'The pickup time is not over yet: the recipient may still come. You can mark the order not collected once its pickup window has ended.',
    )
    // Inside the one-hour window the recipient may still come.
    await pickupAgo('claim', id, 30 * 60_000)
    expect((await act('claim', id, 'not-collected')).statusCode).toBe(409)

    await pickupAgo('claim', id, 3 * HOUR)
    const res = await act('claim', id, 'not-collected')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', noShow: true })
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 3, status: 'available', claimedBy: null })

    const again = await act('claim', id, 'not-collected')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Only approved orders can be marked as not collected.')
  })

  it('tells the requester by bell and e-mail; their dashboard shows "not-collected", not declined', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 80,
      quantity: 6,
      title: 'String hoppers',
    })
    const id = await order('request', listing.id, 2)
    await pickupAgo('request', id, 2 * HOUR)
    expect((await act('request', id, 'not-collected')).statusCode).toBe(200)
    expect((await listingRow(listing.id)).quantity).toBe(6)

    const [bell] = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.recipient.id), eq(notifications.relatedId, id)))
      .then((rows) => rows.filter((n) => n.type === 'order_not_collected'))
    expect(bell).toMatchObject({
      title: 'Order Not Collected',
      message:
        'Nimal Donor marked your order for "String hoppers" (2 portion(s)) as not collected, so it has been closed and the food offered to others. If you still need food, you can order again.',
      params: expect.objectContaining({ kind: 'request' }),
    })
    const mail = await eventually('the not-collected e-mail', async () =>
      (
        await ctx.app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, ctx.recipient.email))
      ).find((m) => m.subject === 'Order Not Collected' && m.text.includes('String hoppers')),
    )
    expect(mail.text).toContain('/dashboard/recipient')

    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/food-requests/${id}`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(seen.json()).toMatchObject({ status: 'cancelled', noShow: true })
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/recipient',
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(dashboard.json().recent.find((r: { id: string }) => r.id === id)?.status).toBe('not-collected')
  })

  it('returns the portions to an expired listing without reopening it', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const id = await order('claim', listing.id, 2)
    await pickupAgo('claim', id, 2 * HOUR)
    await ctx.app.services.db
      .update(listings)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(listings.id, listing.id))
    expect((await act('claim', id, 'not-collected')).statusCode).toBe(200)
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 5, status: 'expired' })
  })

  it('keeps a fully taken listing past its expiry closed', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    const id = await order('claim', listing.id, 2)
    await pickupAgo('claim', id, 2 * HOUR)
    await ctx.app.services.db
      .update(listings)
      .set({ expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(listings.id, listing.id))
    expect((await act('claim', id, 'not-collected')).statusCode).toBe(200)
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 2, status: 'claimed' })
  })

  it('is the listing donor’s alone, and only for an approved order', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
    const id = await order('claim', listing.id, 1)
    await pickupAgo('claim', id, 2 * HOUR)
    expect((await act('claim', id, 'not-collected', ctx.recipient)).statusCode).toBe(403)
    expect((await act('claim', id, 'not-collected', ctx.otherDonor)).statusCode).toBe(403)
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/claims/${id}/not-collected` })
    expect(anonymous.statusCode).toBe(401)

    const pending = await order('claim', listing.id, 1, false)
    await pickupAgo('claim', pending, 2 * HOUR)
    expect((await act('claim', pending, 'not-collected')).statusCode).toBe(409)
    const collected = await order('claim', listing.id, 1)
    await pickupAgo('claim', collected, 2 * HOUR)
    expect((await post(`/api/claims/${collected}/complete`, ctx.donor, completeWithoutCode)).statusCode).toBe(
      200,
    )
    expect((await act('claim', collected, 'not-collected')).statusCode).toBe(409)
    expect((await listingRow(listing.id)).quantity).toBe(2)
  })

  it('refuses an order with a delivery: it completes through the delivery’s steps', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 4 })
    const res = await post(
      `/api/listings/${listing.id}/deliveries`,
      ctx.recipient,
      deliveryBody({ quantity: 1 }),
    )
    expect(res.statusCode).toBe(201)
    const { order: linked } = res.json() as { order: { kind: Kind; id: string } }
    expect((await act(linked.kind, linked.id, 'approve')).statusCode).toBe(200)
    await pickupAgo(linked.kind, linked.id, 3 * HOUR)
    const refused = await act(linked.kind, linked.id, 'not-collected')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe('This order is completed when its volunteer delivers it.')
    expect((await listingRow(listing.id)).quantity).toBe(3)
  })
})
