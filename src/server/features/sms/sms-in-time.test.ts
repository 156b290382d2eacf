/**
 * SMS that reaches people in time (docs/decisions/0061-sms-in-time.md, 0062-the-family-phone.md),
 * against the test SMSC with the app's clock faked: dawn pickups told at night, outages outlasted
 * or expired, first refusal by reply, "1" telling the donor, a family's one phone.
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { smsMessages } from '../../db/schema'
import { failedDeliveryLines } from '../../failed-deliveries'
import { claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { createTestApp, eventually, type TestApp } from '../../test/harness'
import { nextSriLankaTime, setUpSmsApp, smsKit } from '../../test/sms-kit'
import { createUser, type TestUser } from '../../test/users'

const METRICS_TOKEN = 'sms-in-time-metrics-token-0123456789'
const ctx = setUpSmsApp({
  startsAt: () => nextSriLankaTime('10:00'),
  firstNumber: 0,
  env: { METRICS_TOKEN },
  smsRetry: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
})
let donor: TestUser
beforeAll(async () => {
  donor = await createUser(ctx.app, { role: 'donor', name: 'Nimal', district: 'Colombo' })
})

const setClock = (instant: Date) => vi.setSystemTime(instant)

const approvalRow = async (userId: string) => {
  const [row] = await ctx.app.services.db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.userId, userId), eq(smsMessages.kind, 'claim_approved')))
  return row!
}

/** A listing collected on the Sri Lankan `date` from `start`, and the user's claim on it. */
async function claimFor(user: TestUser, date: string, start: string, end: string) {
  const listing = await insertListing(ctx.app, donor.id, {
    pickupDate: date,
    pickupTimeStart: start,
    pickupTimeEnd: end,
    expiresAt: new Date(Date.now() + 4 * 86_400_000),
  })
  const claim = await ctx.kit.post(
    `/api/listings/${listing.id}/claims`,
    user,
    claimBody({ pickupDate: date, pickupTime: start }),
  )
  expect(claim.statusCode).toBe(201)
  return claim.json().id as string
}

describe('in the quiet hours', () => {
  it('an approval at 01:55 for a pickup at 05:00 goes at once; one for 12:00 waits for 07:00', async () => {
    const user = await ctx.kit.user({ language: 'si' })
    await ctx.kit.verify(user)
    const night = nextSriLankaTime('01:55')
    const { date } = sriLankaParts(night)
    const dawn = await claimFor(user, date, '05:00', '06:00')
    const noon = await claimFor(user, date, '12:00', '13:00')

    setClock(night)
    const before = ctx.kit.textsTo(user.number).length
    expect((await ctx.kit.post(`/api/claims/${dawn}/approve`, donor)).statusCode).toBe(200)
    const sms = await ctx.kit.nextTextTo(user.number, before)
    expect(sms.text).toMatch(/^ආහාර: අනුමතයි!/)
    expect(sms.text).toContain('05:00-06:00')

    expect((await ctx.kit.post(`/api/claims/${noon}/approve`, donor)).statusCode).toBe(200)
    await ctx.app.services.outbox.settle()
    const held = await ctx.app.services.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, user.id), eq(smsMessages.status, 'held')))
    expect(held).toHaveLength(1)
    expect(held[0]!.notBefore).toEqual(nextSriLankaTime('07:00', night))
    expect(held[0]!.text).toContain('12:00-13:00')

    setClock(nextSriLankaTime('07:00', night))
    expect(await ctx.app.services.sms.releaseSweep.runNow()).toBe(1)
    expect((await ctx.kit.nextTextTo(user.number, before + 1)).text).toContain('12:00-13:00')
    setClock(nextSriLankaTime('10:00'))
  })
})

describe('an SMSC outage', () => {
  /** Waits for the round of tries to end: the text waits for the next round, 9 minutes on. */
  const roundOver = (userId: string) =>
    eventually('the round of tries to end', async () => {
      const row = await approvalRow(userId)
      return row.status === 'retrying' && row.notBefore ? row : undefined
    })

  it('of 30 minutes delays the approval, which goes when the SMSC is back', async () => {
    const user = await ctx.kit.user()
    await ctx.kit.verify(user)
    ctx.smsc.setDown(true)
    const start = new Date()
    const later = sriLankaParts(new Date(start.getTime() + 3 * 3_600_000))
    const id = await claimFor(
      user,
      later.date,
      later.time,
      sriLankaParts(new Date(start.getTime() + 4 * 3_600_000)).time,
    )
    expect((await ctx.kit.post(`/api/claims/${id}/approve`, donor)).statusCode).toBe(200)
    try {
      // Rounds of tries every 10 minutes at most, for half an hour.
      while (Date.now() < start.getTime() + 30 * 60_000) {
        const waiting = await roundOver(user.id)
        expect(waiting.notBefore!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000)
        setClock(new Date(waiting.notBefore!.getTime() + 1_000))
        if (Date.now() >= start.getTime() + 30 * 60_000) ctx.smsc.setDown(false)
        expect(await ctx.app.services.sms.releaseSweep.runNow()).toBe(1)
      }
    } finally {
      ctx.smsc.setDown(false)
    }
    const sms = await ctx.kit.nextTextTo(user.number, 1)
    expect(sms.text).toMatch(/^Ahara: approved! Code \d{3} \d{3}\./)
    // The SMSC has the text; the row says so once the send job has recorded its answer.
    const row = await eventually('the approval recorded as sent', async () => {
      const current = await approvalRow(user.id)
      return current.status === 'sent' && current
    })
    // Rounds at 0, 9, 18 and 27 minutes failed; a try after the SMSC came back went. How many tries a
    // round holds depends on the job queue's real-time retries, so only "several" is asserted.
    expect(row).toMatchObject({ status: 'sent', error: null })
    expect(row.attempts).toBeGreaterThan(4)
    setClock(nextSriLankaTime('10:00'))
  })

  it('of 25 hours expires the approval, which the operator sees with its last error and /metrics counts', async () => {
    const user = await ctx.kit.user()
    await ctx.kit.verify(user)
    ctx.smsc.setDown(true)
    const start = new Date()
    // Collected in two days: the day's limit, not the pickup, gives it up.
    const later = sriLankaParts(new Date(start.getTime() + 50 * 3_600_000))
    const id = await claimFor(user, later.date, '10:00', '11:00')
    expect((await ctx.kit.post(`/api/claims/${id}/approve`, donor)).statusCode).toBe(200)
    await roundOver(user.id)
    setClock(new Date(start.getTime() + 25 * 3_600_000))
    expect(await ctx.app.services.sms.releaseSweep.runNow()).toBe(0)
    ctx.smsc.setDown(false)
    const row = await approvalRow(user.id)
    expect(row.status).toBe('expired')
    expect(row.error).toMatch(/the SMSC refused the message \(status 0x8\)/)

    const lines = await failedDeliveryLines(ctx.app.database)
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`sms  expired  claim_approved ${row.id}  3 tries: the SMSC refused`)),
    )
    const metrics = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(metrics.body).toMatch(/^sms_expired_total\{kind="claim_approved"\} 1$/m)
    expect(metrics.body).toMatch(/^deliveries\{channel="sms",outcome="expired"\} 1$/m)
    expect(metrics.body).toMatch(/^deliveries\{channel="sms",outcome="sent"\} [1-9]/m)
    setClock(nextSriLankaTime('10:00'))
  })

  it('loses nothing queued when the instance restarts in the middle of it', async () => {
    // An instance of its own, stopped mid-outage; the next start on its database sends the text.
    const first = await createTestApp({ SMS_URL: ctx.smsc.url, SMS_FROM: 'Ahara' }, undefined, {
      smsRetry: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
    })
    let next: TestApp | undefined
    try {
      const own = smsKit(first, ctx.smsc, 900)
      const baker = await createUser(first, { role: 'donor', name: 'Silva' })
      const user = await own.user()
      await own.verify(user)
      ctx.smsc.setDown(true)
      await own.approvedClaim(baker, user)
      const waiting = await eventually('the round of tries to end', async () => {
        const [row] = await first.services.db
          .select()
          .from(smsMessages)
          .where(and(eq(smsMessages.userId, user.id), eq(smsMessages.kind, 'claim_approved')))
        return row?.status === 'retrying' && row.notBefore ? row : undefined
      })
      await first.close()
      ctx.smsc.setDown(false)
      next = await createTestApp({ SMS_URL: ctx.smsc.url, SMS_FROM: 'Ahara' }, undefined, {
        sharedDatabase: first.database,
      })
      setClock(new Date(waiting.notBefore!.getTime() + 1_000))
      expect(await next.services.sms.releaseSweep.runNow()).toBe(1)
      expect((await own.nextTextTo(user.number, 1)).text).toMatch(/^Ahara: approved! Code/)
    } finally {
      ctx.smsc.setDown(false)
      await next?.teardown()
      await first.teardown()
      setClock(nextSriLankaTime('10:00'))
    }
  })
})
