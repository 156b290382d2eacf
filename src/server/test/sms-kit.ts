/**
 * What SMS tests do again and again, against the test SMSC (test/smsc.ts): users with numbers of
 * their own or shared, verifying them with the code the SMSC got, approved claims, and the texts a
 * number received.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { normalisePhone } from '../../shared/sms'
import { sriLankaInstant, sriLankaParts } from '../../shared/sri-lanka-time'
import { claimBody } from './bodies'
import { insertListing } from './fixtures'
import { createTestApp, eventually, type TestApp } from './harness'
import { startTestSmsc, type TestSmsc } from './smsc'
import { createUser, type TestUser } from './users'

/** The next time the Sri Lankan clock reads `time`, within the day ahead. */
export function nextSriLankaTime(time: string, after = new Date()): Date {
  const today = sriLankaInstant(sriLankaParts(after).date, time)
  return today.getTime() > after.getTime() ? today : new Date(today.getTime() + 86_400_000)
}

export type SmsUser = TestUser & { phone: string; number: string }

export type SmsKit = ReturnType<typeof smsKit>

export function smsKit(app: TestApp, smsc: TestSmsc, firstNumber: number) {
  let counter = firstNumber
  const post = (url: string, user: TestUser, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })
  const textsTo = (number: string) => smsc.received.filter((sms) => sms.to === number)
  const nextTextTo = (number: string, before: number) =>
    eventually(`an SMS to the number (${before} before)`, () => textsTo(number)[before])

  return {
    post,
    textsTo,
    nextTextTo,
    /** A user in `language` with a number of their own (077 300 NNNN), or the `phone` given (a family's). */
    async user(
      options: { language?: 'en' | 'si' | 'ta'; name?: string; phone?: string } & Parameters<
        typeof createUser
      >[1] = {},
    ): Promise<SmsUser> {
      const { language = 'en', ...rest } = options
      counter += 1
      const phone = options.phone ?? `077 300 ${String(counter).padStart(4, '0')}`
      const user = await createUser(app, { role: 'recipient', ...rest, phone })
      await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: user.cookie },
        payload: { language },
      })
      return { ...user, phone, number: normalisePhone(phone)! }
    },
    /** Verifies the user's number with the code the SMSC received; answers the confirmation. */
    async verify(user: SmsUser) {
      const before = textsTo(user.number).length
      expect((await post('/api/me/phone-verification', user)).statusCode).toBe(202)
      const sms = await nextTextTo(user.number, before)
      const code = /(\d{6})/.exec(sms.text)![1]!
      return post('/api/me/phone-verification/confirm', user, { code })
    },
    /** A claim of `user` on a new listing of `donor`, approved: the order as the donor's answer has it. */
    async approvedClaim(
      donor: TestUser,
      user: TestUser,
      listing: Parameters<typeof insertListing>[2] = {},
      claim: Record<string, unknown> = {},
    ) {
      const row = await insertListing(app, donor.id, listing)
      const placed = await post(`/api/listings/${row.id}/claims`, user, claimBody(claim))
      expect(placed.statusCode).toBe(201)
      const approved = await post(`/api/claims/${placed.json().id}/approve`, donor)
      expect(approved.statusCode).toBe(200)
      return approved.json()
    },
  }
}

/**
 * An app for the whole file that sends its SMS to a test SMSC, on a clock set to `startsAt()` (only
 * Date is faked, and it runs on); read `ctx.app`, `ctx.smsc`, `ctx.kit` inside hooks and tests.
 */
export function setUpSmsApp({
  startsAt,
  firstNumber,
  env = {},
  smsRetry,
}: {
  startsAt: () => Date
  /** The kit's numbers start after 077 300 `firstNumber`. */
  firstNumber: number
  env?: Record<string, string>
  smsRetry?: NonNullable<Parameters<typeof createTestApp>[2]>['smsRetry']
}) {
  const ctx = {} as { app: TestApp; smsc: TestSmsc; kit: SmsKit }
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(startsAt())
    ctx.smsc = await startTestSmsc()
    ctx.app = await createTestApp({ SMS_URL: ctx.smsc.url, SMS_FROM: 'Ahara', ...env }, undefined, {
      smsRetry,
    })
    ctx.kit = smsKit(ctx.app, ctx.smsc, firstNumber)
  })
  afterAll(async () => {
    await ctx.app?.teardown()
    await ctx.smsc?.close()
    vi.useRealTimers()
  })
  return ctx
}
