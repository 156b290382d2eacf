import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { claims, mailOutbox, notifications } from '../../db/schema'
import { claimBody, deliveryBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { eventually, setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  other: { role: 'recipient', name: 'Other Recipient' },
})

type Path = 'claims' | 'food-requests'

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })
const complete = (path: Path, id: string, payload?: object, user: TestUser = ctx.donor) =>
  post(`/api/${path}/${id}/complete`, user, payload)

/** An approved order of the recipient on the donor's food: free (claims) or half price at Rs. 90. */
async function approvedOrder(path: Path, quantity = 2) {
  const listing =
    path === 'claims'
      ? await insertListing(ctx.app, ctx.donor.id, { quantity: 10, title: 'Kiribath' })
      : await insertListing(ctx.app, ctx.donor.id, {
          type: 'half-price',
          price: 90,
          quantity: 5,
          title: 'Cake',
        })
  const body = path === 'claims' ? claimBody({ quantity }) : foodRequestBody({ quantity })
  const placed = await post(`/api/listings/${listing.id}/${path}`, ctx.recipient, body)
  expect(placed.statusCode).toBe(201)
  const id = placed.json().id as string
  expect((await post(`/api/${path}/${id}/approve`, ctx.donor)).statusCode).toBe(200)
  return id
}

const codeOf = async (path: Path, id: string) =>
  (await get(`/api/${path}/${id}`, ctx.recipient)).json().pickupCode
/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('the pickup code', () => {
  it.each(['claims', 'food-requests'] as const)(
    'of an approved one of the %s is shown to its requester only',
    async (path) => {
      const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 5 })
      const pendingBody = path === 'claims' ? claimBody() : foodRequestBody()
      if (path === 'claims') {
        const pending = (await post(`/api/listings/${listing.id}/claims`, ctx.recipient, pendingBody)).json()
          .id
        expect((await get(`/api/claims/${pending}`, ctx.recipient)).json()).not.toHaveProperty('pickupCode')
      }
      const id = await approvedOrder(path)
      const mine = (await get(`/api/${path}/${id}`, ctx.recipient)).json()
      expect(mine.pickupCode).toMatch(/^\d{6}$/)
      expect(mine.handoverVerified).toBeNull()
      expect((await get(`/api/orders/${id}`, ctx.recipient)).json().pickupCode).toBe(mine.pickupCode)
      // The donor types it, so never reads it: not on the order, the list or the approval's answer.
      expect((await get(`/api/${path}/${id}`, ctx.donor)).json()).not.toHaveProperty('pickupCode')
      expect((await get(`/api/orders/${id}`, ctx.donor)).json()).not.toHaveProperty('pickupCode')
      const listed = (await get(`/api/${path}?as=donor`, ctx.donor)).json().items
      expect(listed.find((o: { id: string }) => o.id === id)).not.toHaveProperty('pickupCode')
      expect((await get(`/api/${path}/${id}`, ctx.other)).statusCode).toBe(403)
    },
  )

  it('differs from order to order', async () => {
    const codes = new Set<string>()
    for (let i = 0; i < 4; i++) codes.add(await codeOf('claims', await approvedOrder('claims', 1)))
    expect(codes.size).toBeGreaterThan(1)
  })

  it('is in the approval e-mail', async () => {
    const id = await approvedOrder('claims')
    const code = await codeOf('claims', id)
    const mail = await eventually('the approval e-mail', async () => {
      const rows = await ctx.app.services.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, ctx.recipient.email))
      return rows.find((m) => m.text.includes(`/orders/${id}`))
    })
    expect(mail.text).toContain(`Pickup code: ${code.slice(0, 3)} ${code.slice(3)}`)
  })
})

describe('completing with the code', () => {
  it.each([
    ['no body', undefined],
    ['no code', {}],
    ['five digits', { code: '12345' }],
  ])('refuses %s with 400 and leaves the order approved', async (_, payload) => {
    const id = await approvedOrder('claims')
    const res = await complete('claims', id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('That pickup code is not right.')
    expect((await get(`/api/claims/${id}`, ctx.donor)).json().status).toBe('confirmed')
  })

  it('completes with the right code, typed with a space, and says the handover was verified', async () => {
    const id = await approvedOrder('claims')
    const code = await codeOf('claims', id)
    const res = await complete('claims', id, { code: `${code.slice(0, 3)} ${code.slice(3)}`, weightKg: 1.25 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'completed',
      handoverVerified: true,
      unverifiedReason: null,
      weightKg: 1.25,
      cashPaid: null,
    })
    expect((await get(`/api/claims/${id}`, ctx.recipient)).json().handoverVerified).toBe(true)
    expect((await complete('claims', id, { code })).statusCode).toBe(409)
  })

  it('locks after five wrong codes: 429 for 15 minutes, both sides told, the right code too', async () => {
    const id = await approvedOrder('claims')
    const code = await codeOf('claims', id)
    for (let i = 0; i < 5; i++) {
      const res = await complete('claims', id, { code: wrong(code) })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('That pickup code is not right.')
      // The donor's screen says how many wrong codes are left before the lock.
      expect(res.json().error.params).toEqual({ triesLeft: 4 - i })
    }
    const locked = await complete('claims', id, { code })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
    expect(locked.json().error.message).toMatch(
      /^Too many wrong pickup codes\. Try again after \d\d:\d\d, or confirm without the code\.$/,
    )
    for (const user of [ctx.donor, ctx.recipient]) {
      const rows = await ctx.app.services.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id))
      const note = rows.find((n) => n.relatedId === id && n.type === 'pickup_code_locked')
      expect(note?.title).toBe('Pickup Code Locked')
      expect(note?.message).toMatch(
        /^"Kiribath": five wrong pickup codes\. Confirming it with a code is locked until \d\d:\d\d\.$/,
      )
    }
    // Once the quarter of an hour is over, the right code completes it.
    await ctx.app.services.db
      .update(claims)
      .set({ codeLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(claims.id, id))
    expect((await complete('claims', id, { code })).json().handoverVerified).toBe(true)
  })

  it('does not count a missing or mis-typed code towards the lock, only wrong six-digit ones', async () => {
    const id = await approvedOrder('claims')
    const code = await codeOf('claims', id)
    for (const payload of [
      {},
      { code: '' },
      { code: 'abc' },
      { code: '12345' },
      { code: '1'.repeat(5000) },
    ]) {
      const res = await complete('claims', id, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('That pickup code is not right.')
    }
    for (let i = 0; i < 4; i++)
      expect((await complete('claims', id, { code: wrong(code) })).statusCode).toBe(400)
    expect((await complete('claims', id, { code })).json()).toMatchObject({ status: 'completed' })
  })

  it('lets the donor complete without the code, with a reason, as an unverified handover', async () => {
    const id = await approvedOrder('claims')
    const noReason = await complete('claims', id, { withoutCode: true })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason.message).toBe(
      'Please say why you are confirming without the code.',
    )
    const res = await complete('claims', id, { withoutCode: true, reason: 'Her phone had no charge.' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'completed',
      handoverVerified: false,
      unverifiedReason: 'Her phone had no charge.',
    })
    expect((await get(`/api/claims/${id}`, ctx.recipient)).json().handoverVerified).toBe(false)
  })

  it('is the donor’s alone, and a delivery’s volunteer completes an order that came with one', async () => {
    const id = await approvedOrder('claims')
    const code = await codeOf('claims', id)
    expect((await complete('claims', id, { code }, ctx.recipient)).statusCode).toBe(403)
    expect((await complete('claims', id, { code }, ctx.other)).statusCode).toBe(403)

    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 4 })
    const asked = await post(`/api/listings/${listing.id}/deliveries`, ctx.recipient, deliveryBody())
    expect(asked.statusCode).toBe(201)
    const order = (await get(`/api/deliveries/${asked.json().id}`, ctx.recipient)).json().order
    const path = order.kind === 'claim' ? 'claims' : 'food-requests'
    const res = await complete(path, order.id, { withoutCode: true, reason: 'x' })
    expect(res.statusCode).toBe(409)
  })
})

describe('cash and weight', () => {
  it('records the total as the cash paid for half-price food unless the donor says otherwise', async () => {
    const full = await approvedOrder('food-requests', 2)
    const code = await codeOf('food-requests', full)
    const done = (await complete('food-requests', full, { code })).json()
    expect(done).toMatchObject({ totalPrice: 180, cashPaid: 180, weightKg: null })

    const less = await approvedOrder('food-requests', 2)
    const res = await complete('food-requests', less, {
      code: await codeOf('food-requests', less),
      cashPaid: 150,
      weightKg: 0.8,
    })
    expect(res.json()).toMatchObject({ cashPaid: 150, weightKg: 0.8 })
    expect((await get(`/api/food-requests/${less}`, ctx.recipient)).json()).toMatchObject({ cashPaid: 150 })
  })

  it('are in the data exports of both the donor and the requester', async () => {
    const id = await approvedOrder('food-requests', 2)
    await complete('food-requests', id, {
      code: await codeOf('food-requests', id),
      cashPaid: 170,
      weightKg: 1.25,
    })
    const given = (await get('/api/me/data', ctx.donor)).json().orders.handovers
    expect(given.find((h: { id: string }) => h.id === id)).toEqual({
      kind: 'request',
      id,
      listingId: expect.any(String),
      title: 'Cake',
      quantity: 2,
      completedAt: expect.any(String),
      handoverVerified: true,
      unverifiedReason: null,
      weightKg: 1.25,
      totalPrice: 180,
      cashPaid: 170,
    })
    const placed = (await get('/api/me/data', ctx.recipient)).json().orders.foodRequests
    expect(placed.find((o: { id: string }) => o.id === id)).toMatchObject({
      cashPaid: 170,
      weightKg: 1.25,
      handoverVerified: true,
    })
    expect((await get('/api/me/data', ctx.recipient)).json().orders.handovers).toEqual([])
  })

  it.each([
    ['claims', { cashPaid: 100 }, 'This food was free, so no cash is recorded.'],
    ['food-requests', { cashPaid: -1 }, 'Please enter the cash received in whole rupees.'],
    ['food-requests', { cashPaid: 10.5 }, 'Please enter the cash received in whole rupees.'],
    ['food-requests', { cashPaid: 181 }, 'The cash received cannot be more than the total, Rs. 180.'],
    ['claims', { weightKg: 0 }, 'Please enter the weight in kilograms, more than 0.'],
    ['claims', { weightKg: '2' }, 'Please enter the weight in kilograms, more than 0.'],
  ] as const)('refuses %s with %j: 400 %s', async (path, extra, message) => {
    const id = await approvedOrder(path)
    const res = await complete(path, id, { code: await codeOf(path, id), ...extra })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(message)
  })
})
