/**
 * A volunteer who takes Tuesdays of a children's home's arrangement, on a fake clock: Tuesday's day
 * posts with the delivery already theirs, Wednesday's waits for any volunteer, a skip cancels the
 * day's delivery and tells them (issue 42, docs/decisions/0069-standing-deliveries.md).
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaInstant, sriLankaToday } from '../../../shared/sri-lanka-time'
import { addDays } from '../../../shared/standing'
import { claims, deliveries, listings, notifications } from '../../db/schema'
import { translator } from '../../platform/i18n'
import { standingOfferBody } from '../../test/bodies'
import { comingMonday, fakeDateForFile } from '../../test/clock'
import { categoryIds } from '../../test/fixtures'
import { setUpTestApp, type TestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { sweepStandingOffers } from './service'

const ctx = setUpTestApp({
  bakery: { role: 'donor', name: 'Perera Bakery' },
  home: { role: 'recipient', name: 'Hope Home' },
  nimal: { role: 'volunteer', name: 'Nimal' },
  kamal: { role: 'volunteer', name: 'Kamal' },
  waiting: { role: 'volunteer', name: 'Waiting', verified: false },
  far: { role: 'volunteer', name: 'Far', district: 'Jaffna', location: 'Jaffna town' },
})

// The coming week, Monday to Sunday, at least a day away.
const today = sriLankaToday()
const MON = comingMonday()
const TUE = addDays(MON, 1)
const WED = addDays(MON, 2)
const NEXT_TUE = addDays(MON, 8)
const at = (date: string, time: string) => sriLankaInstant(date, time)
const setNow = (instant: Date) => vi.setSystemTime(instant)

fakeDateForFile()

const call: TestApp['request'] = (...args) => ctx.app.request(...args)

let offerId: string
let takerId: string
const dropOff = {
  address: '5 Temple Lane',
  city: 'Dehiwala',
  district: 'Colombo',
  phone: '0771234567',
  specialInstructions: 'Ring at the side gate',
}
const take = (user: TestUser, days: unknown) =>
  call('POST', `/api/standing-offers/${offerId}/takers/${takerId}/deliveries`, user, { days })

async function sweep(instant: Date) {
  setNow(instant)
  await sweepStandingOffers(ctx.app.services.db, {
    fairUse: ctx.app.services.config.fairUse,
    firstRefusal: ctx.app.services.config.firstRefusal,
  })
  await ctx.app.services.outbox.settle()
}

async function confirm(date: string, quantity: number) {
  await sweep(at(date, '17:00'))
  setNow(at(date, '17:05'))
  const res = await call('POST', `/api/standing-offers/${offerId}/occurrences/${date}/confirm`, ctx.bakery, {
    quantity,
  })
  expect(res.statusCode).toBe(200)
  await ctx.app.services.outbox.settle()
  return res.json().listingId as string
}

/** The home's order of a day's listing and the delivery it carries. */
async function deliveryOf(listingId: string) {
  const { db } = ctx.app.services
  const [order] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.listingId, listingId), eq(claims.claimantId, ctx.home.id)))
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.claimId, order!.id))
  return { order: order!, delivery: delivery! }
}

async function bells(user: TestUser, type: string) {
  return ctx.app.services.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)))
}

describe("a volunteer who takes Tuesdays of a home's arrangement", () => {
  beforeAll(async () => {
    setNow(at(today, '08:00'))
    const offer = await call(
      'POST',
      '/api/standing-offers',
      ctx.bakery,
      standingOfferBody((await categoryIds(ctx.app)).bakery!, { startsOn: MON }),
    )
    offerId = offer.json().id
    const joined = await call('POST', `/api/standing-offers/${offerId}/takers`, ctx.home, { quantity: 15 })
    takerId = joined.json().takers[0].id
  })

  it('lets the taker ask for delivery with the delivery dialog’s fields', async () => {
    expect((await take(ctx.nimal, ['tue'])).statusCode).toBe(404)
    const missing = await call('PUT', `/api/standing-offers/${offerId}/takers/me/delivery`, ctx.home, {
      ...dropOff,
      address: '',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields.address.key).toBe('orders.errors.addressRequired')
    // Only a taker asks.
    const stranger = await call(
      'PUT',
      `/api/standing-offers/${offerId}/takers/me/delivery`,
      ctx.kamal,
      dropOff,
    )
    expect(stranger.statusCode).toBe(403)
    const asked = await call('PUT', `/api/standing-offers/${offerId}/takers/me/delivery`, ctx.home, dropOff)
    expect(asked.statusCode).toBe(200)
    expect(asked.json().takers[0].delivery).toEqual({ city: 'Dehiwala', district: 'Colombo', deliverers: [] })
  })

  it('lists it to verified volunteers within reach with its free days', async () => {
    const open = (await call('GET', '/api/standing-deliveries?as=open', ctx.nimal)).json().items
    expect(open).toEqual([
      expect.objectContaining({
        id: null,
        takerId,
        takerName: 'Hope Home',
        city: 'Dehiwala',
        freeDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      }),
    ])
    expect((await call('GET', '/api/standing-deliveries?as=open', ctx.far)).json().items).toEqual([])
    expect((await call('GET', '/api/standing-deliveries?as=open', ctx.home)).statusCode).toBe(403)
  })

  it('refuses empty days, days the offer does not run, an unverified or distant volunteer, a held day', async () => {
    const empty = await take(ctx.nimal, [])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields.days.key).toBe('standing.errors.deliveryDaysRequired')
    const sunday = await take(ctx.nimal, ['tue', 'sun'])
    expect(sunday.statusCode).toBe(400)
    expect(sunday.json().error.fields.days.key).toBe('standing.errors.deliveryDayNotOffered')
    const waiting = await take(ctx.waiting, ['tue'])
    expect(waiting.statusCode).toBe(403)
    expect(waiting.json().error.key).toBe('deliveries.errors.notVerified')
    expect((await take(ctx.far, ['tue'])).json().error.key).toBe('deliveries.errors.outOfReach')
    expect((await take(ctx.home, ['tue'])).statusCode).toBe(403)

    const mine = await take(ctx.nimal, ['tue'])
    expect(mine.statusCode).toBe(201)
    expect(mine.json()).toMatchObject({ days: ['tue'], nextDates: [TUE, NEXT_TUE, addDays(NEXT_TUE, 7)] })
    const taken = await take(ctx.kamal, ['tue', 'wed'])
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.key).toBe('standing.errors.deliveryDayTaken')
    // Each key reads in the three languages.
    for (const key of [
      'standing.errors.deliveryDaysRequired',
      'standing.errors.deliveryDayNotOffered',
      'standing.errors.deliveryDayTaken',
    ]) {
      const texts = ['en', 'si', 'ta'].map((lang) => translator(lang)(key))
      expect(new Set(texts).size, key).toBe(3)
      expect(texts.every((text) => text !== key)).toBe(true)
    }
  })

  it('shows the taker and the donor who delivers which day, never a stranger', async () => {
    const home = (await call('GET', `/api/standing-offers/${offerId}`, ctx.home)).json()
    expect(home.takers[0].delivery.deliverers).toEqual([{ day: 'tue', volunteer: 'Nimal' }])
    const bakery = (await call('GET', `/api/standing-offers/${offerId}`, ctx.bakery)).json()
    expect(bakery.takers[0].delivery.deliverers).toEqual([{ day: 'tue', volunteer: 'Nimal' }])
    const stranger = (await call('GET', `/api/standing-offers/${offerId}`, ctx.kamal)).json()
    expect(stranger.takers).toEqual([])
    const mine = (await call('GET', '/api/standing-deliveries', ctx.nimal)).json().items
    expect(mine).toEqual([
      expect.objectContaining({ takerId, days: ['tue'], freeDays: ['mon', 'wed', 'thu', 'fri', 'sat'] }),
    ])
  })

  it("posts Tuesday's day with the delivery already Nimal's", async () => {
    const listingId = await confirm(TUE, 15)
    const { order, delivery } = await deliveryOf(listingId)
    expect(order.status).toBe('confirmed')
    expect(delivery).toMatchObject({
      status: 'assigned',
      volunteerId: ctx.nimal.id,
      city: 'Dehiwala',
      quantity: 15,
      deliveryAt: at(TUE, '19:00'),
    })
    const listed = (await call('GET', '/api/deliveries?as=volunteer', ctx.nimal)).json().items
    expect(listed.map((d: { id: string }) => d.id)).toContain(delivery.id)
    expect(listed[0].address).toBe('5 Temple Lane')
    const [told] = await bells(ctx.nimal, 'standing_delivery_assigned')
    expect(told?.message).toContain('Bread loaves')
    expect(await bells(ctx.home, 'delivery_assigned')).toHaveLength(1)
    // Nobody else is offered a day Nimal holds.
    expect(await bells(ctx.kamal, 'delivery_request')).toHaveLength(0)
  })

  it('cancels the delivery and tells Nimal when the home skips that Tuesday', async () => {
    const { delivery } = await deliveryOf(
      (
        await ctx.app.services.db
          .select({ id: listings.id })
          .from(listings)
          .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, TUE)))
      )[0]!.id,
    )
    setNow(at(TUE, '17:30'))
    expect(
      (await call('POST', `/api/standing-offers/${offerId}/occurrences/${TUE}/skip`, ctx.home)).statusCode,
    ).toBe(200)
    await ctx.app.services.outbox.settle()
    const [after] = await ctx.app.services.db.select().from(deliveries).where(eq(deliveries.id, delivery.id))
    expect(after?.status).toBe('cancelled')
    const [told] = await bells(ctx.nimal, 'standing_delivery_skipped')
    expect(told?.message).toContain('Bread loaves')
  })

  it("leaves Wednesday's delivery waiting for any volunteer within reach", async () => {
    const { order, delivery } = await deliveryOf(await confirm(WED, 15))
    expect(order.status).toBe('confirmed')
    expect(delivery).toMatchObject({ status: 'pending', volunteerId: null })
    expect(await bells(ctx.kamal, 'delivery_request')).toHaveLength(1)
    const accepted = await call('POST', `/api/deliveries/${delivery.id}/accept`, ctx.kamal)
    expect(accepted.statusCode).toBe(200)
  })

  it('tells Nimal of a Tuesday skipped before it posts; stopping frees the day', async () => {
    setNow(at(addDays(NEXT_TUE, -1), '12:00'))
    expect(
      (await call('POST', `/api/standing-offers/${offerId}/occurrences/${NEXT_TUE}/skip`, ctx.home))
        .statusCode,
    ).toBe(200)
    await ctx.app.services.outbox.settle()
    expect(await bells(ctx.nimal, 'standing_delivery_skipped')).toHaveLength(2)

    const [hold] = (await call('GET', '/api/standing-deliveries', ctx.nimal)).json().items
    expect((await call('DELETE', `/api/standing-deliveries/${hold.id}`, ctx.kamal)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/standing-deliveries/${hold.id}`, ctx.nimal)).statusCode).toBe(204)
    expect((await call('GET', '/api/standing-deliveries', ctx.nimal)).json().items).toEqual([])
    expect((await take(ctx.kamal, ['tue', 'wed'])).statusCode).toBe(201)
  })
})
