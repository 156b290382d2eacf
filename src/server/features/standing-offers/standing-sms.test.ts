/**
 * The donor answers "how much today?" by SMS through the test SMSC: a number posts the day with the
 * takers' orders confirmed, 0 skips it (issue 42, docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import { addDays } from '../../../shared/standing'
import { claims, listings } from '../../db/schema'
import { standingOfferBody } from '../../test/bodies'
import { comingMonday } from '../../test/clock'
import { categoryIds } from '../../test/fixtures'
import { createTestApp, eventually, type TestApp } from '../../test/harness'
import { type SmsKit, type SmsUser, smsKit } from '../../test/sms-kit'
import { startTestSmsc, type TestSmsc } from '../../test/smsc'
import { sweepStandingOffers } from './service'

const MON = comingMonday()
const TUE = addDays(MON, 1)

let smsc: TestSmsc
let app: TestApp
let kit: SmsKit
let bakery: SmsUser
let home: SmsUser

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(sriLankaInstant(MON, '10:00'))
  smsc = await startTestSmsc()
  app = await createTestApp({ SMS_URL: smsc.url, SMS_FROM: 'Ahara' })
  kit = smsKit(app, smsc, 600)
  bakery = await kit.user({ role: 'donor', name: 'Perera Bakery' })
  home = await kit.user({ name: 'Hope Home' })
  expect((await kit.verify(bakery)).statusCode).toBe(200)
})

afterAll(async () => {
  await app?.teardown()
  await smsc?.close()
  vi.useRealTimers()
})

async function sweepAt(date: string, time: string) {
  vi.setSystemTime(sriLankaInstant(date, time))
  await sweepStandingOffers(app.services.db, {
    fairUse: app.services.config.fairUse,
    firstRefusal: app.services.config.firstRefusal,
  })
  await app.services.outbox.settle()
}

it('asks by SMS at 17:00; "12" posts 12 with the home\'s order confirmed; "0" the next day skips it', async () => {
  const bread = (await categoryIds(app)).bakery!
  const created = await kit.post(
    '/api/standing-offers',
    bakery,
    standingOfferBody(bread, { title: 'Bread', description: 'Loaves', days: ['mon', 'tue'] }),
  )
  expect(created.statusCode).toBe(201)
  const offerId = created.json().id
  expect((await kit.post(`/api/standing-offers/${offerId}/takers`, home, { quantity: 15 })).statusCode).toBe(
    201,
  )

  let count = kit.textsTo(bakery.number).length
  await sweepAt(MON, '17:00')
  expect((await kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: "Bread" is collected at 19:00. Reply a number of portions for today (usually 20), or 0 for none today.',
  )
  await smsc.reply(bakery.number, '12')
  expect((await kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: thank you! 12 portions of "Bread" are posted for 19:00. Your regular takers\' orders are confirmed.',
  )
  const listing = await eventually('the posted listing', async () => {
    const [row] = await app.services.db
      .select()
      .from(listings)
      .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, MON)))
    return row
  })
  expect(listing.initialQuantity).toBe(12)
  const [order] = await app.services.db.select().from(claims).where(eq(claims.listingId, listing.id))
  expect(order).toMatchObject({ claimantId: home.id, quantity: 12, status: 'confirmed' })
  expect(order?.pickupCode).toMatch(/^\d{6}$/)

  await sweepAt(TUE, '17:00')
  await kit.nextTextTo(bakery.number, count++)
  await smsc.reply(bakery.number, '0')
  expect((await kit.nextTextTo(bakery.number, count++)).text).toBe(
    'Ahara: noted, no "Bread" today. Your regular takers have been told.',
  )
  await sweepAt(TUE, '18:30')
  const tuesday = await app.services.db
    .select()
    .from(listings)
    .where(and(eq(listings.standingOfferId, offerId), eq(listings.occurrenceDate, TUE)))
  expect(tuesday).toEqual([])
})
