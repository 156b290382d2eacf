import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { mailOutbox, notifications, organisations } from '../../db/schema'
import { childrensHome, claimBody, listingBody } from '../../test/bodies'
import { categoryIds, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  bakery: { role: 'donor', name: 'Perera Bakery', donorType: 'bakery', district: 'Colombo' },
  home: { role: 'recipient', district: 'Colombo', organisation: childrensHome },
  galleHome: {
    role: 'recipient',
    district: 'Galle',
    organisation: { ...childrensHome, name: 'Galle Elders', kind: 'elders-home' },
  },
  pendingHome: {
    role: 'recipient',
    district: 'Colombo',
    organisation: { ...childrensHome, name: 'Not Yet Verified' },
  },
  person: { role: 'recipient', district: 'Colombo' },
})

let image: string
let bakeryCategory: string
beforeAll(async () => {
  image = await uploadImage(ctx.app, ctx.bakery)
  bakeryCategory = (await categoryIds(ctx.app)).bakery!
  for (const user of [ctx.home, ctx.galleHome]) {
    await ctx.app.services.db
      .update(organisations)
      .set({ isVerified: true })
      .where(eq(organisations.userId, user.id))
  }
})
afterEach(() => {
  vi.useRealTimers()
})

const post = (url: string, user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload })
const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })

async function loaves(overrides: Record<string, unknown> = {}) {
  const res = await post(
    '/api/listings',
    ctx.bakery,
    listingBody(bakeryCategory, image, { title: 'Bread loaves', quantity: 40, ...overrides }),
  )
  expect(res.statusCode).toBe(201)
  return res.json()
}

const bells = async (user: TestUser) =>
  ctx.app.services.db.select().from(notifications).where(eq(notifications.userId, user.id))

describe('first refusal', () => {
  it('offers 40 loaves to the verified organisations of the district for 30 minutes, then to everyone', async () => {
    const posted = Date.now()
    // No pickup window: any time before the expiry suits, before and after the clock moves.
    const listing = await loaves({ pickupDate: '', pickupTimeStart: '' })
    const until = new Date(listing.institutionsFirstUntil)
    expect(Math.abs(until.getTime() - posted - 30 * 60_000)).toBeLessThan(5_000)
    const time = sriLankaParts(until).time

    // The Colombo home hears of it; Galle's, the unverified one and the person do not.
    expect((await bells(ctx.home)).filter((n) => n.type === 'first_refusal_offer')).toEqual([
      expect.objectContaining({
        relatedId: listing.id,
        message: `40 portions of "Bread loaves" are offered to verified organisations first, until ${time}.`,
      }),
    ])
    for (const user of [ctx.galleHome, ctx.pendingHome, ctx.person]) {
      expect((await bells(user)).map((n) => n.type)).not.toContain('first_refusal_offer')
    }
    // And by e-mail, linking to the listing.
    const mails = await ctx.app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, ctx.home.email))
    const offer = mails.find((mail) => mail.subject === 'Food offered to you first')
    expect(offer?.text).toContain(`http://localhost:3000/listings/${listing.id}`)

    const refused = await post(`/api/listings/${listing.id}/claims`, ctx.person, claimBody())
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({
      key: 'orders.errors.institutionsFirst',
      message: `This food is offered to care homes first until ${time}.`,
    })
    for (const user of [ctx.pendingHome, ctx.galleHome]) {
      expect((await post(`/api/listings/${listing.id}/claims`, user, claimBody())).statusCode).toBe(409)
    }
    expect((await get(`/api/listings/${listing.id}`, ctx.person)).json()).toMatchObject({ quantity: 40 })

    const claimed = await post(`/api/listings/${listing.id}/claims`, ctx.home, claimBody({ quantity: 30 }))
    expect(claimed.statusCode).toBe(201)

    // Thirty-one minutes on, the rest is everyone's.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(until.getTime() + 60_000)
    expect((await get(`/api/listings/${listing.id}`, ctx.person)).json()).toMatchObject({
      quantity: 10,
      institutionsFirstUntil: null,
    })
    const later = await post(`/api/listings/${listing.id}/claims`, ctx.person, claimBody())
    expect(later.statusCode).toBe(201)
  })

  it('is public at once when the donor turns it off, below 20 servings, or for half-price food', async () => {
    for (const overrides of [
      { institutionsFirst: false },
      { quantity: 19 },
      { type: 'half-price', price: 50 },
    ]) {
      const listing = await loaves(overrides)
      expect(listing.institutionsFirstUntil).toBeNull()
    }
    const off = await loaves({ institutionsFirst: false })
    expect((await post(`/api/listings/${off.id}/claims`, ctx.person, claimBody())).statusCode).toBe(201)
  })

  it('is public at once where no verified organisation is in the district', async () => {
    const listing = await loaves({ pickupDistrict: 'Kandy', pickupCity: 'Kandy' })
    expect(listing.institutionsFirstUntil).toBeNull()
    expect((await post(`/api/listings/${listing.id}/claims`, ctx.person, claimBody())).statusCode).toBe(201)
  })

  it('refuses a toggle that is not true or false, posting nothing', async () => {
    const res = await post(
      '/api/listings',
      ctx.bakery,
      listingBody(bakeryCategory, image, { institutionsFirst: 'yes' as unknown as boolean }),
    )
    expect(res.statusCode).toBe(400)
  })
})
