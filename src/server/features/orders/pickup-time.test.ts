import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaInstant, sriLankaParts, sriLankaToday } from '../../../shared/sri-lanka-time'
import { claimBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: { role: 'recipient' } })

const HOUR = 3_600_000
/** The Sri Lankan date and time `ms` from now, as an order's pickup fields. */
const pickupIn = (ms: number) => {
  const { date, time } = sriLankaParts(new Date(Date.now() + ms))
  return { pickupDate: date, pickupTime: time }
}

/** A listing whose one-hour window starts `startsIn` ms from now, expiring in 10 hours. */
async function windowedListing(startsIn: number, overrides: Parameters<typeof insertListing>[2] = {}) {
  const start = sriLankaParts(new Date(Date.now() + startsIn))
  const end = sriLankaParts(new Date(Date.now() + startsIn + HOUR))
  return insertListing(ctx.app, ctx.donor.id, {
    pickupDate: start.date,
    pickupTimeStart: start.time,
    pickupTimeEnd: end.time,
    ...overrides,
  })
}

const claim = (listingId: string, pickup: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/claims`,
    payload: claimBody(pickup),
    headers: { cookie: ctx.recipient.cookie },
  })

describe('pickup times of claims and requests', () => {
  // Windows hours ahead or behind must stay on one Sri Lankan date: the clock reads today's noon there.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(sriLankaInstant(sriLankaToday(), '12:00'))
  })
  afterAll(() => {
    vi.useRealTimers()
  })

  it('takes a time inside the pickup window', async () => {
    const listing = await windowedListing(2 * HOUR)
    const res = await claim(listing.id, pickupIn(2.5 * HOUR))
    expect(res.statusCode).toBe(201)
  })

  it('refuses a time outside the window, before or after it, and reserves nothing', async () => {
    const listing = await windowedListing(2 * HOUR)
    for (const pickup of [pickupIn(HOUR), pickupIn(3.5 * HOUR)]) {
      const res = await claim(listing.id, pickup)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        key: 'orders.errors.pickupOutsideWindow',
        message: 'Please choose a pickup time inside the pickup window.',
      })
    }
    const after = await ctx.app.inject({ method: 'GET', url: `/api/listings/${listing.id}` })
    expect(after.json().quantity).toBe(10)
  })

  it('without a window, takes any time before the expiry and refuses one after it', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { expiresAt: new Date(Date.now() + 3 * HOUR) })
    expect((await claim(listing.id, pickupIn(2 * HOUR))).statusCode).toBe(201)
    const late = await claim(listing.id, pickupIn(4 * HOUR))
    expect(late.statusCode).toBe(400)
    expect(late.json().error.message).toBe('Please choose a pickup time before the food expires.')
  })

  it('refuses a time inside a window that runs past the expiry', async () => {
    const listing = await windowedListing(HOUR, { expiresAt: new Date(Date.now() + 1.25 * HOUR) })
    const res = await claim(listing.id, pickupIn(1.75 * HOUR))
    expect(res.json().error.message).toBe('Please choose a pickup time before the food expires.')
  })

  it('refuses a time in the past, today included', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await claim(listing.id, pickupIn(-10 * 60_000))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Please choose a pickup time in the future.')
  })

  it('applies the same rule to half-price requests', async () => {
    const listing = await windowedListing(2 * HOUR, { type: 'half-price', price: 150 })
    const request = (pickup: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/food-requests`,
        payload: foodRequestBody(pickup),
        headers: { cookie: ctx.recipient.cookie },
      })
    expect((await request(pickupIn(HOUR))).json().error.key).toBe('orders.errors.pickupOutsideWindow')
    expect((await request(pickupIn(2.25 * HOUR))).statusCode).toBe(201)
  })
})
