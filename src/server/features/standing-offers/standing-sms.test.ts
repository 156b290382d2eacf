/**
 * The donor answers "how much today?" by SMS through the test SMSC: a number posts the day with the
 * takers' orders confirmed, 0 skips it (issue 42, docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, it, vi } from 'vitest'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import { addDays } from '../../../shared/standing'
import { claims, listings } from '../../db/schema'
import { standingOfferBody } from '../../test/bodies'
import { comingMonday } from '../../test/clock'
import { categoryIds } from '../../test/fixtures'
import { eventually } from '../../test/harness'
import { type SmsUser, setUpSmsApp } from '../../test/sms-kit'
import { sweepStandingOffers } from './service'

const MON = comingMonday()
const TUE = addDays(MON, 1)

const ctx = setUpSmsApp({ startsAt: () => sriLankaInstant(MON, '10:00'), firstNumber: 600 })
let bakery: SmsUser
let home: SmsUser

beforeAll(async () => {
  bakery = await ctx.kit.user({ role: 'donor', name: 'Perera Bakery' })
  home = await ctx.kit.user({ name: 'Hope Home' })
  expect((await ctx.kit.verify(bakery)).statusCode).toBe(200)
})

async function sweepAt(date: string, time: string) {
  vi.setSystemTime(sriLankaInstant(date, time))
  await sweepStandingOffers(ctx.app.services.db, {
    fairUse: ctx.app.services.config.fairUse,
    firstRefusal: ctx.app.services.config.firstRefusal,
  })
  await ctx.app.services.outbox.settle()
}

it('asks by SMS at 17:00; "12" posts 12 with the home\'s order confirmed; "0" the next day skips it', async () => {
  const bread = (await categoryIds(ctx.app)).bakery!
  const created = await ctx.kit.post(
    '/api/standing-offers',
    bakery,
    standingOfferBody(bread, { title: 'Bread', description: 'Loaves', days: ['mon', 'tue'] }),
  )
  expect(created.statusCode).toBe(201)
  const offerId = created.json().id
  expect(
    (await ctx.kit.post(`/api/standing-offers/${offerId}/takers`, home, { quantity: 15 })).statusCode,
  ).toBe(201)

  let count = ctx.kit.textsTo(bakery.number).length
  await sweepAt(MON, '17:00')
  expect((await ctx.kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: "Bread" is collected at 19:00. Reply a number of portions for today (usually 20), or 0 for none today.',
  )
  await ctx.smsc.reply(bakery.number, '12')
  expect((await ctx.kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: thank you! 12 portions of "Bread" are posted for 19:00. Your regular takers\' orders are confirmed.',
  )
  const listing = await eventually('the posted listing', async () => {
    const [row] = await ctx.app.services.db
      .select()
      .from(listings)
      .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, MON)))
    return row
  })
  expect(listing.initialQuantity).toBe(12)
  const [order] = await ctx.app.services.db.select().from(claims).where(eq(claims.listingId, listing.id))
  expect(order).toMatchObject({ claimantId: home.id, quantity: 12, status: 'confirmed' })
  expect(order?.pickupCode).toMatch(/^\d{6}$/)

  await sweepAt(TUE, '17:00')
  await ctx.kit.nextTextTo(bakery.number, count++)
  await ctx.smsc.reply(bakery.number, '0')
  expect((await ctx.kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: noted, no "Bread" today. Your regular takers have been told.',
  )
  await sweepAt(TUE, '18:30')
  const tuesday = await ctx.app.services.db
    .select()
    .from(listings)
    .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, TUE)))
  expect(tuesday).toEqual([])
})
