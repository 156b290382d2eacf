import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalisePhone, PHONE_CODE, PHONE_CODE_CAPS } from '../../../shared/sms'
import { smsMessages, users } from '../../db/schema'
import { createTestApp, eventually, type TestApp } from '../../test/harness'
import { startTestSmsc, type TestSmsc } from '../../test/smsc'
import { createUser, type TestUser } from '../../test/users'

const METRICS_TOKEN = 'sms-caps-metrics-token-0123456789'
let smsc: TestSmsc
let app: TestApp
let numberCounter = 0
let addressCounter = 0
const newAddress = () => {
  addressCounter += 1
  return `192.0.2.${addressCounter}`
}

beforeAll(async () => {
  smsc = await startTestSmsc()
  // The real budgets (per address), and a service-wide cap of 40 codes an hour for the last test.
  app = await createTestApp(
    { SMS_URL: smsc.url, SMS_FROM: 'Ahara', METRICS_TOKEN, SMS_MAX_PER_HOUR: '40' },
    undefined,
    { realLimits: true, signUpAnswerMs: 0 },
  )
})

afterAll(async () => {
  await app?.teardown()
  await smsc?.close()
})

/** A recipient with a number of their own (077 300 NNNN). */
async function withNumber() {
  numberCounter += 1
  const phone = `077 300 ${String(numberCounter).padStart(4, '0')}`
  const user = await createUser(app, { role: 'recipient', phone })
  return { ...user, number: normalisePhone(phone)! }
}

const askCode = (user: TestUser, address = newAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/me/phone-verification',
    remoteAddress: address,
    headers: { cookie: user.cookie },
  })

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** Texts the SMSC got for the number, once the queue has had time to send any more. */
async function settledTextsTo(number: string, atLeast: number) {
  await eventually(
    `${atLeast} SMS to ${number}`,
    () => smsc.received.filter((s) => s.to === number).length >= atLeast,
  )
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return smsc.received.filter((s) => s.to === number)
}

describe('codes under a burst', () => {
  it('36 parallel asks for one number send 3 SMS; the rest are 429', async () => {
    const user = await withNumber()
    const address = newAddress()
    const answers = await Promise.all(Array.from({ length: 36 }, () => askCode(user, address)))
    const texts = await settledTextsTo(user.number, PHONE_CODE.sendsPerHour)
    console.info(
      `36 parallel codes: ${JSON.stringify(tally(answers.map((a) => a.statusCode)))}, SMS sent ${texts.length}`,
    )
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 202: 3, 429: 33 })
    expect(texts).toHaveLength(PHONE_CODE.sendsPerHour)
    // Refused by the number's hourly cap, or first by the address's (ten an hour) as the burst comes from one.
    for (const refused of answers.filter((a) => a.statusCode === 429))
      expect(['phone.errors.tooManyCodes', 'phone.errors.tooManyCodesHere']).toContain(
        refused.json().error.key,
      )
  }, 30_000)

  it('60 parallel wrong codes: 5 compared, the rest refused before comparing', async () => {
    const user = await withNumber()
    expect((await askCode(user)).statusCode).toBe(202)
    const [sms] = await settledTextsTo(user.number, 1)
    const code = /(\d{6})/.exec(sms!.text)![1]!
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/me/phone-verification/confirm',
          headers: { cookie: user.cookie },
          payload: { code: wrong },
        }),
      ),
    )
    const keys = tally(answers.map((a) => a.statusCode))
    console.info(`60 parallel wrong codes: ${JSON.stringify(keys)}`)
    expect(keys).toEqual({ 400: PHONE_CODE.maxTries, 429: 60 - PHONE_CODE.maxTries })
    // Even the right code is refused now: the tries are used up.
    const right = await app.inject({
      method: 'POST',
      url: '/api/me/phone-verification/confirm',
      headers: { cookie: user.cookie },
      payload: { code },
    })
    expect(right.statusCode).toBe(429)
  }, 30_000)
})

describe('caps on what SMS cost', () => {
  it('ten codes an hour from one address, for any number of accounts', async () => {
    const address = newAddress()
    const people = await Promise.all(Array.from({ length: 12 }, () => withNumber()))
    const answers = await Promise.all(people.map((person) => askCode(person, address)))
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 202: 10, 429: 2 })
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.json().error.key).toBe('phone.errors.tooManyCodesHere')
    // From another address the same account gets its code.
    const late = people[answers.indexOf(refused)]!
    expect((await askCode(late)).statusCode).toBe(202)
  }, 30_000)

  it('an account less than a day old gets 3 codes; an older one more', async () => {
    const user = await withNumber()
    for (let i = 0; i < PHONE_CODE_CAPS.newAccountCodes; i++)
      expect((await askCode(user)).statusCode).toBe(202)
    // An hour on, the hourly cap is free again, but the new account's day is not.
    await app.database.db
      .update(smsMessages)
      .set({ createdAt: sql`${smsMessages.createdAt} - interval '61 minutes'` })
      .where(eq(smsMessages.userId, user.id))
    const refused = await askCode(user)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.key).toBe('phone.errors.newAccountCodes')
    expect(refused.json().error.message).toBe(
      'A new account can get 3 codes on its first day. Please try again tomorrow.',
    )
    await app.database.db
      .update(users)
      .set({ createdAt: sql`${users.createdAt} - interval '2 days'` })
      .where(eq(users.id, user.id))
    expect((await askCode(user)).statusCode).toBe(202)
  }, 30_000)

  it('SMS_MAX_PER_HOUR holds over the whole service, says why, and shows on /metrics', async () => {
    const [{ sent }] = (await app.database.db
      .select({ sent: sql<number>`count(*)`.mapWith(Number) })
      .from(smsMessages)
      .where(
        and(eq(smsMessages.kind, 'verification'), sql`${smsMessages.createdAt} > now() - interval '1 hour'`),
      )) as [{ sent: number }]
    const people = await Promise.all(Array.from({ length: 40 - sent + 3 }, () => withNumber()))
    const answers = await Promise.all(people.map((person) => askCode(person)))
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 202: 40 - sent, 429: 3 })
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.json().error.key).toBe('phone.errors.smsBusy')
    const { body } = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(body).toMatch(/^sms_codes_refused_total\{cap="service"\} 3$/m)
    expect(body).toMatch(/^sms_codes_refused_total\{cap="address"\} [1-9]\d*$/m)
    expect(body).toMatch(/^sms_codes_refused_total\{cap="newAccount"\} 1$/m)
  }, 60_000)
})
