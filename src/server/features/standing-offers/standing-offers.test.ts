/**
 * A week of a bakery's standing offer, Mon–Sat 19:00–20:00, on a fake clock: asked at 17:00, confirmed,
 * posted as usual without an answer, skipped by each side, a taker's two misses, pause and end
 * (issue 42, docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaInstant, sriLankaToday } from '../../../shared/sri-lanka-time'
import { addDays } from '../../../shared/standing'
import { claims, listings, notifications } from '../../db/schema'
import { translator } from '../../platform/i18n'
import { claimBody, standingOfferBody } from '../../test/bodies'
import { comingMonday, fakeDateForFile } from '../../test/clock'
import { categoryIds } from '../../test/fixtures'
import { setUpTestApp, type TestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { sweepStandingOffers } from './service'

const ctx = setUpTestApp({
  bakery: { role: 'donor', name: 'Perera Bakery' },
  home: { role: 'recipient', name: 'Hope Home' },
  second: { role: 'recipient', name: 'Saman' },
})

// The coming week, Monday to Sunday, at least a day away.
const today = sriLankaToday()
const MON = comingMonday()
const day = (n: number) => addDays(MON, n)
const [TUE, WED, THU, FRI, SAT] = [1, 2, 3, 4, 5].map(day) as [string, string, string, string, string]
const at = (date: string, time: string) => sriLankaInstant(date, time)
const setNow = (instant: Date) => vi.setSystemTime(instant)

fakeDateForFile()

const call: TestApp['request'] = (...args) => ctx.app.request(...args)

let offerId: string
let breadId: string

const offerBody = (overrides: Record<string, unknown> = {}) =>
  standingOfferBody(breadId, { startsOn: MON, ...overrides })

async function sweep(instant: Date) {
  setNow(instant)
  const steps = await sweepStandingOffers(ctx.app.services.db, {
    fairUse: ctx.app.services.config.fairUse,
    firstRefusal: ctx.app.services.config.firstRefusal,
  })
  await ctx.app.services.outbox.settle()
  return steps
}

async function bells(user: TestUser, type: string) {
  return ctx.app.services.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)))
}

async function orderOf(listingId: string, user: TestUser) {
  const [row] = await ctx.app.services.db
    .select()
    .from(claims)
    .where(and(eq(claims.listingId, listingId), eq(claims.claimantId, user.id)))
  return row
}

async function listingOf(date: string) {
  const [row] = await ctx.app.services.db
    .select()
    .from(listings)
    .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, date)))
  return row
}

const confirm = (date: string, quantity: number) =>
  call('POST', `/api/standing-offers/${offerId}/occurrences/${date}/confirm`, ctx.bakery, { quantity })

describe('a standing offer across a week', () => {
  beforeAll(async () => {
    breadId = (await categoryIds(ctx.app)).bakery!
    setNow(at(today, '08:00'))
  })

  it('refuses bad input with the field and its key, and a donor taking from their own offer', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ days: [] }, 'days', 'standing.errors.daysRequired'],
      [{ windowEnd: '18:00' }, 'windowEnd', 'standing.errors.windowInvalid'],
      [{ windowStart: '06:00', windowEnd: '19:00' }, 'windowEnd', 'standing.errors.windowInvalid'],
      [{ quantity: 0 }, 'quantity', 'standing.errors.quantityRange'],
      [{ quantity: 10_001 }, 'quantity', 'standing.errors.quantityRange'],
      [{ startsOn: addDays(today, -1) }, 'startsOn', 'standing.errors.dateInPast'],
    ]
    for (const [change, field, key] of cases) {
      const res = await call('POST', '/api/standing-offers', ctx.bakery, offerBody(change))
      expect(res.statusCode, field).toBe(400)
      expect(res.json().error.fields[field].key).toBe(key)
    }
    // The key reads in all three languages (the web shows it in the reader's).
    const key = 'standing.errors.daysRequired'
    expect(['en', 'si', 'ta'].map((lang) => translator(lang)(key))).toEqual([
      'Choose at least one day of the week.',
      'සතියේ අවම වශයෙන් එක් දිනයක් තෝරන්න.',
      'வாரத்தில் குறைந்தது ஒரு நாளைத் தேர்ந்தெடுக்கவும்.',
    ])
    const mine = await call('GET', '/api/standing-offers?as=donor', ctx.bakery)
    expect(mine.json().items).toEqual([])
  })

  it('creates Mon–Sat 19:00–20:00 for 20 loaves with its next occurrences', async () => {
    const res = await call('POST', '/api/standing-offers', ctx.bakery, offerBody())
    expect(res.statusCode).toBe(201)
    const offer = res.json()
    offerId = offer.id
    expect(offer.nextOccurrences).toEqual([MON, TUE, WED, THU, FRI])
    expect(offer.room).toBe(20)
    const open = await call('GET', '/api/standing-offers?as=open&district=Colombo', ctx.home)
    expect(open.json().items.map((o: { id: string }) => o.id)).toContain(offerId)
    expect(open.json().items[0].pickupAddress).toBeNull()
  })

  it('lets takers hold portions up to the typical quantity, never the donor', async () => {
    expect(
      (await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.bakery, { quantity: 1 })).statusCode,
    ).toBe(403)
    expect(
      (await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.home, { quantity: 15 })).statusCode,
    ).toBe(201)
    const full = await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.second, { quantity: 10 })
    expect(full.statusCode).toBe(409)
    expect(full.json().error.message).toContain('5')
    const joined = await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.second, { quantity: 5 })
    expect(joined.statusCode).toBe(201)
    expect(joined.json().room).toBe(0)
    expect(joined.json().pickupAddress).toBe('12 Galle Road')
    const taking = await call('GET', '/api/standing-offers?as=taker', ctx.home)
    expect(taking.json().items[0].takers).toEqual([
      expect.objectContaining({ name: 'Hope Home', quantity: 15 }),
    ])
  })

  it("carries the home's arrangement in its calendar feed as a recurring event (RRULE)", async () => {
    const feed = (await call('POST', '/api/me/calendar-feed', ctx.home)).json()
    const ics = (await call('GET', new URL(feed.url).pathname)).body
    const calendar = new ICAL.Component(ICAL.parse(ics))
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event))
    const regular = events.find((event) => event.summary === 'Regular pickup of "Bread loaves" (Ahara)')!
    expect(regular.isRecurring()).toBe(true)
    expect(regular.component.getFirstPropertyValue('rrule')?.toString()).toBe(
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA',
    )
    const dates: string[] = []
    const next = regular.iterator()
    for (let i = 0; i < 7; i++) dates.push(next.next()!.toJSDate().toISOString())
    expect(dates).toEqual([MON, TUE, WED, THU, FRI, SAT, day(7)].map((d) => at(d, '19:00').toISOString()))
    expect(regular.description).toContain('15 serving(s) each time, from Perera Bakery')
  })

  it('Monday: asks at 17:00 once; the bakery confirms 12 and the home has its confirmed order with a code', async () => {
    expect(await sweep(at(MON, '16:59'))).toBe(0)
    expect(await sweep(at(MON, '17:00'))).toBe(1)
    expect(await sweep(at(MON, '17:01'))).toBe(0)
    const [asked] = await bells(ctx.bakery, 'standing_confirm')
    expect(asked?.message).toContain('Bread loaves')

    setNow(at(MON, '17:05'))
    const res = await confirm(MON, 12)
    expect(res.statusCode).toBe(200)
    const listing = await listingOf(MON)
    expect(listing).toMatchObject({ id: res.json().listingId, initialQuantity: 12, quantity: 0 })
    const order = await orderOf(listing!.id, ctx.home)
    expect(order).toMatchObject({ status: 'confirmed', quantity: 12 })
    const seen = (await call('GET', `/api/claims/${order!.id}`, ctx.home)).json()
    expect(seen.pickupCode).toMatch(/^\d{6}$/)
    // Filled in join order: nothing was left for the second taker.
    expect(await orderOf(listing!.id, ctx.second)).toBeUndefined()
    expect((await confirm(MON, 10)).statusCode).toBe(409)
    // The home collects it.
    setNow(at(MON, '19:30'))
    const done = await call('POST', `/api/claims/${order!.id}/complete`, ctx.bakery, {
      code: seen.pickupCode,
    })
    expect(done.statusCode).toBe(200)
  })

  it('Tuesday: no answer, so the usual 20 post at 18:30 and the bakery is told', async () => {
    await sweep(at(TUE, '17:00'))
    expect(await listingOf(TUE)).toBeUndefined()
    expect(await sweep(at(TUE, '18:30'))).toBe(1)
    const listing = await listingOf(TUE)
    expect(listing).toMatchObject({ initialQuantity: 20, quantity: 0 })
    expect(await orderOf(listing!.id, ctx.home)).toMatchObject({ status: 'confirmed', quantity: 15 })
    expect(await orderOf(listing!.id, ctx.second)).toMatchObject({ status: 'confirmed', quantity: 5 })
    expect(await bells(ctx.bakery, 'standing_posted_default')).toHaveLength(1)
    // The home does not come.
    setNow(at(TUE, '22:30'))
    const missed = await orderOf(listing!.id, ctx.home)
    expect((await call('POST', `/api/claims/${missed!.id}/not-collected`, ctx.bakery)).statusCode).toBe(200)
  })

  it('Wednesday: the bakery skips and every taker is told', async () => {
    setNow(at(WED, '12:00'))
    const res = await call('POST', `/api/standing-offers/${offerId}/occurrences/${WED}/skip`, ctx.bakery)
    expect(res.statusCode).toBe(200)
    expect(await bells(ctx.home, 'standing_skipped')).toHaveLength(1)
    expect(await bells(ctx.second, 'standing_skipped')).toHaveLength(1)
    expect(await sweep(at(WED, '18:30'))).toBe(0)
    expect(await listingOf(WED)).toBeUndefined()
    expect((await confirm(WED, 5)).statusCode).toBe(409)
  })

  it("Thursday: a taker's skip leaves their portions to the public listing", async () => {
    setNow(at(THU, '10:00'))
    const skip = await call('POST', `/api/standing-offers/${offerId}/occurrences/${THU}/skip`, ctx.second)
    expect(skip.statusCode).toBe(200)
    setNow(at(THU, '17:10'))
    expect((await confirm(THU, 20)).statusCode).toBe(200)
    const listing = await listingOf(THU)
    expect(listing).toMatchObject({ quantity: 5, status: 'available' })
    expect(await orderOf(listing!.id, ctx.second)).toBeUndefined()
    const order = await orderOf(listing!.id, ctx.home)
    expect(order).toMatchObject({ status: 'confirmed', quantity: 15 })
    // Anyone may take what is left: the second taker claims the 5 like anyone and collects them.
    const claimed = await call(
      'POST',
      `/api/listings/${listing!.id}/claims`,
      ctx.second,
      claimBody({ quantity: 5, pickupDate: THU, pickupTime: '19:00' }),
    )
    expect(claimed.statusCode).toBe(201)
    const publicId = claimed.json().id
    expect((await call('POST', `/api/claims/${publicId}/approve`, ctx.bakery)).statusCode).toBe(200)
    const code = (await call('GET', `/api/claims/${publicId}`, ctx.second)).json().pickupCode
    setNow(at(THU, '19:20'))
    expect((await call('POST', `/api/claims/${publicId}/complete`, ctx.bakery, { code })).statusCode).toBe(
      200,
    )
    setNow(at(THU, '22:30'))
    expect((await call('POST', `/api/claims/${order!.id}/not-collected`, ctx.bakery)).statusCode).toBe(200)
  })

  it('Friday: two misses in a row pause the home, both are told, and the donor sees each record', async () => {
    await sweep(at(FRI, '17:00'))
    await sweep(at(FRI, '18:30'))
    const listing = await listingOf(FRI)
    expect(await orderOf(listing!.id, ctx.home)).toBeUndefined()
    expect(await orderOf(listing!.id, ctx.second)).toMatchObject({ status: 'confirmed', quantity: 5 })
    expect(listing).toMatchObject({ quantity: 15 })
    expect(await bells(ctx.home, 'standing_taker_paused')).toHaveLength(1)
    expect(await bells(ctx.bakery, 'standing_taker_paused')).toHaveLength(1)
    const offer = (await call('GET', `/api/standing-offers/${offerId}`, ctx.bakery)).json()
    expect(offer.takers).toEqual([
      expect.objectContaining({
        name: 'Hope Home',
        status: 'paused',
        record: { collected: 1, missed: 2, skipped: 0 },
      }),
      expect.objectContaining({
        name: 'Saman',
        status: 'active',
        record: { collected: 0, missed: 0, skipped: 1 },
      }),
    ])
    // Of 17 servings collected, the 12 of Monday came through the arrangement (decision 0048's outcomes).
    const impact = (await call('GET', '/api/impact')).json()
    expect(impact.outcomes.overall.standingShare).toBe(71)
    // A taker sees only their own record.
    const seen = (await call('GET', `/api/standing-offers/${offerId}`, ctx.second)).json()
    expect(seen.takers.map((t: { name: string }) => t.name)).toEqual(['Saman'])
  })

  it('Saturday: an edit never changes a posted occurrence; pause and end stop the next ones', async () => {
    setNow(at(SAT, '09:00'))
    const edited = await call('PATCH', `/api/standing-offers/${offerId}`, ctx.bakery, {
      quantity: 30,
      title: 'Buns',
    })
    expect(edited.statusCode).toBe(200)
    expect(await listingOf(FRI)).toMatchObject({ title: 'Bread loaves', initialQuantity: 20 })
    const tooEarly = await call('POST', `/api/standing-offers/${offerId}/pause`, ctx.bakery, {
      until: addDays(SAT, -1),
    })
    expect(tooEarly.statusCode).toBe(400)
    expect(tooEarly.json().error.fields.until.key).toBe('standing.errors.dateInPast')
    const paused = await call('POST', `/api/standing-offers/${offerId}/pause`, ctx.bakery, { until: day(8) })
    expect(paused.json()).toMatchObject({ status: 'paused' })
    expect(paused.json().nextOccurrences[0]).toBe(day(8))
    expect(await sweep(at(SAT, '18:30'))).toBe(0)
    const ended = await call('POST', `/api/standing-offers/${offerId}/end`, ctx.bakery)
    expect(ended.json()).toMatchObject({ status: 'ended', nextOccurrences: [] })
    expect(
      (await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.home, { quantity: 1 })).statusCode,
    ).toBe(409)
    const others = await call('PATCH', `/api/standing-offers/${offerId}`, ctx.home, { quantity: 3 })
    expect(others.statusCode).toBe(403)
  })
})
