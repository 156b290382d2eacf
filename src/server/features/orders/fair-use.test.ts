import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { claims, listings } from '../../db/schema'
import { claimBody, completeWithoutCode, deliveryBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

// The real figures, set through the configuration as an operator would (the harness loosens them).
const ctx = setUpTestApp(
  {
    donor: { role: 'donor', name: 'Nimal Donor' },
    saman: { role: 'recipient', name: 'Saman Recipient' },
    fathima: { role: 'recipient', name: 'Fathima Recipient' },
    kamal: { role: 'recipient', name: 'Kamal Recipient' },
    ruwan: { role: 'recipient', name: 'Ruwan Recipient' },
    nadia: { role: 'recipient', name: 'Nadia Recipient' },
  },
  {
    FAIR_USE_MAX_OPEN_ORDERS: '3',
    FAIR_USE_MAX_DAILY_FREE_PORTIONS: '10',
    FAIR_USE_NO_SHOWS_TO_PAUSE: '3',
  },
)

const DAY = 24 * 60 * 60 * 1000

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })
const fairUse = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/fair-use', headers: { cookie: user.cookie } })).json()

async function claim(user: TestUser, quantity = 1) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 20 })
  return post(`/api/listings/${listing.id}/claims`, user, claimBody({ quantity }))
}

describe('fair use', () => {
  it('refuses a fourth open order, saying which limit, and takes one again once an order ends', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await claim(ctx.saman)
      expect(res.statusCode).toBe(201)
      ids.push(res.json().id)
    }
    expect(await fairUse(ctx.saman)).toMatchObject({
      limits: { maxOpenOrders: 3, maxDailyFreePortions: 10, noShowsToPause: 3 },
      openOrders: 3,
      freePortionsToday: 3,
      pausedUntil: null,
    })

    const halfPrice = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 100,
      quantity: 5,
    })
    const fourth = await post(`/api/listings/${halfPrice.id}/food-requests`, ctx.saman, foodRequestBody())
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json().error).toMatchObject({
      key: 'orders.errors.fairUseOpenOrders',
      params: { limit: 'openOrders', max: 3 },
      message:
        'You already have 3 open orders, the most you can hold at once. Once one is collected or cancelled you can order again.',
    })
    // A delivery is an order too; nothing was reserved by the refusals.
    const delivery = await post(`/api/listings/${halfPrice.id}/deliveries`, ctx.saman, deliveryBody())
    expect(delivery.statusCode).toBe(409)
    const [listing] = await ctx.app.services.db.select().from(listings).where(eq(listings.id, halfPrice.id))
    expect(listing!.quantity).toBe(5)

    expect((await post(`/api/claims/${ids[0]}/cancel`, ctx.saman)).statusCode).toBe(200)
    expect(
      (await post(`/api/listings/${halfPrice.id}/food-requests`, ctx.saman, foodRequestBody())).statusCode,
    ).toBe(201)
  })

  it('a completed order is no longer open', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await claim(ctx.kamal)).json().id)
    expect((await claim(ctx.kamal)).statusCode).toBe(409)
    await post(`/api/claims/${ids[0]}/approve`, ctx.donor)
    expect((await post(`/api/claims/${ids[0]}/complete`, ctx.donor, completeWithoutCode)).statusCode).toBe(
      200,
    )
    expect((await claim(ctx.kamal)).statusCode).toBe(201)
  })

  it('takes at most 10 free portions a Sri Lankan day; yesterday’s do not count', async () => {
    const first = await claim(ctx.fathima, 8)
    expect(first.statusCode).toBe(201)
    const over = await claim(ctx.fathima, 3)
    expect(over.statusCode).toBe(409)
    expect(over.json().error).toMatchObject({
      key: 'orders.errors.fairUseDailyPortions',
      params: { limit: 'dailyPortions', max: 10 },
    })
    expect(over.json().error.params.until).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/)
    expect(over.json().error.message).toContain('You can take at most 10 portions of free food a day.')
    expect((await claim(ctx.fathima, 2)).statusCode).toBe(201)
    expect(await fairUse(ctx.fathima)).toMatchObject({ freePortionsToday: 10, openOrders: 2 })

    // Half-price food is paid for: the free portions do not limit it.
    const halfPrice = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 90,
      quantity: 5,
    })
    const request = await post(`/api/listings/${halfPrice.id}/food-requests`, ctx.fathima, foodRequestBody())
    expect(request.statusCode).toBe(201)
    await post(`/api/food-requests/${request.json().id}/cancel`, ctx.fathima)

    // The day turns: yesterday's claims (written as made yesterday) no longer count.
    await ctx.app.services.db
      .update(claims)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(eq(claims.claimantId, ctx.fathima.id))
    expect(await fairUse(ctx.fathima)).toMatchObject({ freePortionsToday: 0 })
    expect((await claim(ctx.fathima, 3)).statusCode).toBe(201)
  })

  it('three no-shows within 30 days pause new orders for 7 days, then orders open again', async () => {
    const db = ctx.app.services.db
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 20 })
    const noShow = (daysAgo: number) => ({
      listingId: listing.id,
      claimantId: ctx.ruwan.id,
      quantity: 1,
      pickupAt: new Date(Date.now() - daysAgo * DAY),
      status: 'cancelled',
      noShowAt: new Date(Date.now() - daysAgo * DAY),
    })
    await db.insert(claims).values([noShow(20), noShow(10)])
    expect((await claim(ctx.ruwan)).statusCode).toBe(201)
    // The third within 30 days, two days ago: paused until five days from now.
    await db.insert(claims).values(noShow(2))
    const paused = await claim(ctx.ruwan)
    expect(paused.statusCode).toBe(409)
    expect(paused.json().error).toMatchObject({
      key: 'orders.errors.fairUseNoShowPause',
      params: { limit: 'noShowPause', max: 3, days: 30 },
    })
    const state = await fairUse(ctx.ruwan)
    expect(state.recentNoShows).toBe(3)
    const until = new Date(state.pausedUntil).getTime()
    expect(Math.abs(until - (Date.now() + 5 * DAY))).toBeLessThan(60_000)
    // A food request is paused as well.
    const halfPrice = await insertListing(ctx.app, ctx.donor.id, {
      type: 'half-price',
      price: 90,
      quantity: 5,
    })
    expect(
      (await post(`/api/listings/${halfPrice.id}/food-requests`, ctx.ruwan, foodRequestBody())).statusCode,
    ).toBe(409)

    // Six days later (every no-show written six days earlier) the third is eight days old: the pause is over.
    const rows = await db.select().from(claims).where(eq(claims.claimantId, ctx.ruwan.id))
    for (const row of rows.filter((r) => r.noShowAt)) {
      await db
        .update(claims)
        .set({ noShowAt: new Date(row.noShowAt!.getTime() - 6 * DAY) })
        .where(eq(claims.id, row.id))
    }
    expect((await fairUse(ctx.ruwan)).pausedUntil).toBeNull()
    expect((await claim(ctx.ruwan)).statusCode).toBe(201)
  })

  it('"Not collected" returns the portions to the listing and counts as a no-show', async () => {
    const db = ctx.app.services.db
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 2 })
    const res = await post(`/api/listings/${listing.id}/claims`, ctx.nadia, claimBody({ quantity: 2 }))
    const id = res.json().id as string
    await post(`/api/claims/${id}/approve`, ctx.donor)
    // The pickup window is over.
    await db
      .update(claims)
      .set({ pickupAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(claims.id, id))
    expect((await post(`/api/claims/${id}/not-collected`, ctx.donor)).statusCode).toBe(200)
    const [row] = await db.select().from(listings).where(eq(listings.id, listing.id))
    expect(row).toMatchObject({ quantity: 2, status: 'available' })
    expect(await fairUse(ctx.nadia)).toMatchObject({ recentNoShows: 1, openOrders: 0, pausedUntil: null })
  })

  it('the limits and usage need a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/fair-use' })).statusCode).toBe(401)
  })
})
