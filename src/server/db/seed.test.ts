import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaInstant, sriLankaParts } from '../../shared/sri-lanka-time'
import { createTestApp, type TestApp } from '../test/harness'
import { nextSriLankaTime } from '../test/sms-kit'
import { seedDemo } from './demo-community/seed'
import { claims, deliveries, domainEvents, foodRequests, listings, users } from './schema'

let app: TestApp
afterAll(async () => {
  vi.useRealTimers()
  await app?.close()
})

describe('seedDemo at 23:30 in Sri Lanka', () => {
  // 18:00 UTC is 23:30 in Colombo: a seed writing UTC times would put pickups after midnight.
  const now = nextSriLankaTime('23:30')

  beforeAll(async () => {
    // The services read the clock: the seed runs at 23:30.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(now)
    app = await createTestApp()
    expect(await seedDemo(app.services)).toBe(true)
  })

  it('puts every available pickup window in the Sri Lankan day, ahead, and every expiry in the future', async () => {
    const open = (await app.services.db.select().from(listings)).filter((l) => l.status === 'available')
    expect(open.length).toBeGreaterThan(10)
    for (const l of open) {
      expect(l.pickupTimeStart! >= '06:00' && l.pickupTimeEnd! <= '22:00', l.title).toBe(true)
      expect(l.pickupTimeStart! < l.pickupTimeEnd!, l.title).toBe(true)
      expect(sriLankaInstant(l.pickupDate!, l.pickupTimeStart!).getTime(), l.title).toBeGreaterThan(
        now.getTime(),
      )
      expect(l.expiresAt.getTime(), l.title).toBeGreaterThan(now.getTime())
      const expiry = sriLankaParts(l.expiresAt).time
      expect(expiry >= '06:00' && expiry <= '22:00', l.title).toBe(true)
    }
  })

  it('gives every demo delivery its order: same requester and quantity, statuses in step', async () => {
    const db = app.services.db
    const rows = await db.select().from(deliveries)
    expect(rows.length).toBeGreaterThan(2)
    const orders = [
      ...(await db.select().from(claims)).map((c) => ({ ...c, requesterId: c.claimantId })),
      ...(await db.select().from(foodRequests)),
    ]
    const statuses = new Set<string>()
    for (const d of rows) {
      const order = orders.find((o) => o.id === (d.claimId ?? d.foodRequestId))
      expect(order, d.address).toBeDefined()
      expect(order).toMatchObject({
        listingId: d.listingId,
        requesterId: d.requesterId,
        quantity: d.quantity,
      })
      const expected = { pending: ['pending', 'confirmed'], completed: ['completed'] }[d.status as 'pending']
      expect(expected).toContain(order!.status)
      expect(d.status === 'completed').toBe(d.pickedUpAt !== null && d.volunteerId !== null)
      statuses.add(`${d.status}/${order!.status}`)
    }
    // Something for each role to act on: a donor's approval, a volunteer's offer, a rating.
    expect([...statuses].sort()).toEqual(['completed/completed', 'pending/confirmed', 'pending/pending'])
  })

  it('gives every approved order a pickup code and every collected one its handover record', async () => {
    const db = app.services.db
    const orders = [...(await db.select().from(claims)), ...(await db.select().from(foodRequests))]
    const approved = orders.filter((o) => o.status === 'confirmed')
    expect(approved.length).toBeGreaterThan(0)
    for (const o of approved) expect(o.pickupCode).toMatch(/^\d{6}$/)
    const collected = orders.filter((o) => o.status === 'completed')
    expect(collected.length).toBeGreaterThan(3)
    for (const o of collected) {
      expect(o.handoverVerified).not.toBeNull()
      expect(o.weightKg).toBeGreaterThan(0)
      expect(o.unverifiedReason === null).toBe(o.handoverVerified)
    }
    // Verified handovers mostly, and one at least without the code, so the rate says something.
    expect(collected.some((o) => o.handoverVerified === false)).toBe(true)
    for (const o of orders.filter((o) => o.status === 'pending')) expect(o.pickupCode).toBeNull()
  })

  it('tells no one at the start: the events of its orders, approvals and ratings are recorded as past', async () => {
    const events = await app.services.db.select().from(domainEvents)
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['order.placed', 'order.approved']))
    expect(events.filter((e) => e.deliveredAt === null)).toEqual([])
    expect((await app.services.outbox.stats()).pending).toBe(0)
  })

  it('leaves completed and expired listings in the past, and seeds once', async () => {
    const past = (await app.services.db.select().from(listings)).filter(
      (l) => l.status === 'completed' || l.status === 'expired',
    )
    expect(past.length).toBeGreaterThan(0)
    for (const l of past) expect(l.expiresAt.getTime(), l.title).toBeLessThan(now.getTime())
    expect(await seedDemo(app.services)).toBe(false)
  })
})

describe('demo accounts', () => {
  it('carry their own language, unchosen, and the children’s home gets its monthly report', async () => {
    const rows = await app.services.db.select().from(users)
    const language = (email: string) => rows.find((u) => u.email === email)?.language
    expect(language('tharshini@demo.ahara.lk')).toBe('ta')
    expect(language('nimal@demo.ahara.lk')).toBe('si')
    expect(language('kandyspice@demo.ahara.lk')).toBe('en')
    expect(rows.every((u) => !u.languageChosen)).toBe(true)
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: 'hopehome@demo.ahara.lk', password: 'ahara-demo-2026' },
    })
    expect(signIn.statusCode).toBe(200)
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const report = await app.inject({ url: '/api/me/reports/2026-02.pdf', headers: { cookie } })
    expect(report.statusCode, report.body).toBe(200)
  })
})
