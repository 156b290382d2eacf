import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { notifications, smsMessages, users } from '../../db/schema'
import { claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { eventually } from '../../test/harness'
import { nextSriLankaTime, type SmsKit, type SmsUser, setUpSmsApp } from '../../test/sms-kit'
import { createUser, type TestUser } from '../../test/users'

const METRICS_TOKEN = 'sms-test-metrics-token-0123456789'
// A weekday morning in Sri Lanka: outside the quiet hours whenever the suite runs.
const ctx = setUpSmsApp({
  startsAt: () => nextSriLankaTime('10:00'),
  firstNumber: 0,
  env: { METRICS_TOKEN },
  smsRetry: { retryLimit: 4, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
})
let donor: TestUser
beforeAll(async () => {
  donor = await createUser(ctx.app, { role: 'donor', name: 'Nimal' })
})

/** The app's clock (Date only: timers stay real, and the faked time runs on). */
function setClock(instant: Date) {
  vi.setSystemTime(instant)
}

/** A recipient with a number of their own (077 300 NNNN) in `language`. */
const recipient = (language: 'en' | 'si' | 'ta' = 'en', name = 'Saman') => ctx.kit.user({ language, name })
const post: SmsKit['post'] = (...args) => ctx.kit.post(...args)
const textsTo: SmsKit['textsTo'] = (number) => ctx.kit.textsTo(number)
const nextTextTo: SmsKit['nextTextTo'] = (...args) => ctx.kit.nextTextTo(...args)

/** Verifies the user's number through the API with the code the SMSC received. */
async function verify(user: SmsUser) {
  const res = await ctx.kit.verify(user)
  expect(res.statusCode).toBe(200)
  return res
}

/** The user's approval text once the queue recorded it as sent: the SMSC has the text first. */
function approvalSent(user: TestUser) {
  return eventually('the approval recorded as sent', async () => {
    const [sent] = await ctx.app.services.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, user.id), eq(smsMessages.kind, 'claim_approved')))
    return sent?.status === 'sent' && sent
  })
}

async function approvedClaim(user: TestUser, listingOverrides: Parameters<typeof insertListing>[2] = {}) {
  const listing = await insertListing(ctx.app, donor.id, listingOverrides)
  const claim = await post(`/api/listings/${listing.id}/claims`, user, claimBody())
  expect(claim.statusCode).toBe(201)
  const id = claim.json().id as string
  const approved = await post(`/api/claims/${id}/approve`, donor)
  expect(approved.statusCode).toBe(200)
  return { id, listing, order: approved.json() }
}

describe('verifying a phone number', () => {
  it('sends a 6-digit code to the profile’s number as 94…, and the right code verifies it', async () => {
    const saman = await recipient('en')
    const sent = await post('/api/me/phone-verification', saman)
    expect(sent.statusCode).toBe(202)
    expect(sent.json().phone).toBe(`+94 77 300 ${saman.number.slice(7)}`)
    const sms = await nextTextTo(saman.number, 0)
    expect(sms.from).toBe('Ahara')
    expect(sms.dataCoding).toBe(0)
    expect(sms.text).toMatch(/^Ahara: your code is \d{6}\. It is valid for 10 minutes\./)

    const me = async () =>
      (await ctx.app.inject({ url: '/api/me', headers: { cookie: saman.cookie } })).json()
    expect((await me()).phoneVerified).toBe(false)
    const code = /(\d{6})/.exec(sms.text)![1]!
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const refused = await post('/api/me/phone-verification/confirm', saman, { code: wrong })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toBe('That code is not right. Check the SMS and try again.')
    const confirmed = await post('/api/me/phone-verification/confirm', saman, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().phoneVerified).toBe(true)

    // The same number again keeps it verified; a new number clears it.
    const patch = (phone: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: saman.cookie },
        payload: { phone },
      })
    expect((await patch(`+94 ${saman.phone.slice(1)}`)).json().phoneVerified).toBe(true)
    expect((await patch('0779999999')).json().phoneVerified).toBe(false)
  })

  it('refuses a code after 10 minutes, and after 5 wrong tries', async () => {
    const kamala = await recipient('en')
    await post('/api/me/phone-verification', kamala)
    const code = /(\d{6})/.exec((await nextTextTo(kamala.number, 0)).text)![1]!
    setClock(new Date(Date.now() + 11 * 60_000))
    const late = await post('/api/me/phone-verification/confirm', kamala, { code })
    expect(late.statusCode).toBe(400)
    expect(late.json().error.message).toBe('This code has expired. Ask for a new one.')

    await post('/api/me/phone-verification', kamala)
    const fresh = /(\d{6})/.exec((await nextTextTo(kamala.number, 1)).text)![1]!
    const wrong = String((Number(fresh) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/me/phone-verification/confirm', kamala, { code: wrong })).statusCode).toBe(400)
    }
    const sixth = await post('/api/me/phone-verification/confirm', kamala, { code: fresh })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error.message).toBe('Too many wrong codes. Ask for a new one.')
  })

  it('sends at most 3 codes an hour to a user and to a number', async () => {
    const ravi = await recipient('en')
    // An account older than a day: a new one gets 3 codes in its first day (sms-caps.test.ts).
    await ctx.app.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(users.id, ravi.id))
    for (let i = 0; i < 3; i++) expect((await post('/api/me/phone-verification', ravi)).statusCode).toBe(202)
    const fourth = await post('/api/me/phone-verification', ravi)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().error.message).toBe(
      'We have sent 3 codes in the last hour. Please wait before asking for another.',
    )

    // Another account with the same number: the number's own budget is spent too.
    const other = await createUser(ctx.app, { role: 'recipient', phone: ravi.phone })
    expect((await post('/api/me/phone-verification', other)).statusCode).toBe(429)

    // An hour later both may ask again.
    setClock(new Date(Date.now() + 61 * 60_000))
    expect((await post('/api/me/phone-verification', ravi)).statusCode).toBe(202)
  })

  it('answers clear 4xx for bad input and changes nothing', async () => {
    const nimali = await recipient('en')
    const shape = await post('/api/me/phone-verification/confirm', nimali, { code: '12ab56' })
    expect(shape.statusCode).toBe(400)
    const none = await post('/api/me/phone-verification/confirm', nimali, { code: '123456' })
    expect(none.statusCode).toBe(400)
    // The profile refuses such a number now (0060); one saved before that rule is still refused here.
    await ctx.app.database.db.update(users).set({ phone: '+91 98765 43210' }).where(eq(users.id, nimali.id))
    const foreign = await post('/api/me/phone-verification', nimali)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().error.message).toBe(
      'This is not a Sri Lankan phone number. Write it like 077 123 4567.',
    )
    const rows = await ctx.app.services.db.select().from(smsMessages).where(eq(smsMessages.userId, nimali.id))
    expect(rows).toEqual([])
  })
})

describe('notices by SMS', () => {
  it('tell an approved recipient the place, window and pickup code in si, ta and en, in up to three segments', async () => {
    const long = {
      title: 'Rice and curry with dhal, pol sambol, papadam and fried fish for families',
      pickupAddress: '123/4 Sri Saddharma Mawatha, off Galle Road, Wellawatte',
    }
    for (const [language, encoding, words, title] of [
      ['en', 0, 'Ahara: approved! Code', '"Rice and curry with d..."'],
      ['si', 8, 'ආහාර: අනුමතයි! කේතය', '"Rice and cu..."'],
      ['ta', 8, 'ஆஹார: ஏற்கப்பட்டது! குறியீடு', '"Rice and cu..."'],
    ] as const) {
      const user = await recipient(language)
      await verify(user)
      const before = textsTo(user.number).length
      const { order } = await approvedClaim(user, long)
      // The donor sees "verified number" beside the requester.
      expect(order.requester.phoneVerified).toBe(true)
      const sms = await nextTextTo(user.number, before)
      expect(sms.dataCoding).toBe(encoding)
      expect(sms.segments).toBeLessThanOrEqual(3)
      expect(sms.text.startsWith(words)).toBe(true)
      expect(sms.text).toContain(`${long.pickupAddress}, Colombo`)
      const mine = await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: user.cookie } })
      const code = mine.json().pickupCode as string
      expect(sms.text).toContain(`${code.slice(0, 3)} ${code.slice(3)}`)
      expect(sms.text).toContain(sriLankaParts(order.pickupAt).time)
      expect(sms.text).toContain(title)
      const row = await approvalSent(user)
      expect(row).toMatchObject({
        status: 'sent',
        segments: sms.segments,
        encoding: encoding ? 'ucs2' : 'gsm7',
      })

      // The SMSC's receipt marks it delivered.
      await ctx.smsc.receipt(sms.smscIds.at(-1)!)
      await eventually('the receipt', async () => {
        const [after] = await ctx.app.services.db.select().from(smsMessages).where(eq(smsMessages.id, row.id))
        return after?.status === 'delivered'
      })
    }
  })

  it('go only to verified numbers whose owner wants that kind', async () => {
    const unverified = await recipient('en')
    await approvedClaim(unverified)
    const optedOut = await recipient('en')
    await verify(optedOut)
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: { cookie: optedOut.cookie },
      payload: { sms: { claim_approved: false } },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().sms.claim_approved).toBe(false)
    expect(put.json().email.claim_approved).toBe(true)
    await approvedClaim(optedOut)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(textsTo(unverified.number)).toEqual([])
    expect(textsTo(optedOut.number).map((sms) => sms.text)).toEqual([expect.stringMatching(/your code is/)])
  })

  it('wait for 07:00 when written in the quiet hours', async () => {
    const user = await recipient('si')
    await verify(user)
    // Collected at noon tomorrow: nothing to tell before the morning.
    const pickupDate = sriLankaParts(nextSriLankaTime('12:00', nextSriLankaTime('22:30'))).date
    const listing = await insertListing(ctx.app, donor.id, {
      pickupDate,
      pickupTimeStart: '12:00',
      pickupTimeEnd: '13:00',
    })
    const claim = await post(
      `/api/listings/${listing.id}/claims`,
      user,
      claimBody({ pickupDate, pickupTime: '12:00' }),
    )
    setClock(nextSriLankaTime('22:30'))
    expect((await post(`/api/claims/${claim.json().id}/approve`, donor)).statusCode).toBe(200)
    const [held] = await ctx.app.services.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, user.id), eq(smsMessages.kind, 'claim_approved')))
    expect(held?.status).toBe('held')
    expect(held?.notBefore).toEqual(nextSriLankaTime('07:00'))
    expect(await ctx.app.services.sms.releaseSweep.runNow()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(textsTo(user.number)).toHaveLength(1)

    setClock(nextSriLankaTime('07:00'))
    expect(await ctx.app.services.sms.releaseSweep.runNow()).toBe(1)
    expect((await nextTextTo(user.number, 1)).text).toMatch(/^ආහාර: අනුමතයි!/)
    setClock(nextSriLankaTime('10:00'))
  })

  it('lose nothing when the SMSC drops the connection mid-send: the queue tries again', async () => {
    const user = await recipient('ta')
    await verify(user)
    const binds = ctx.smsc.binds
    ctx.smsc.dropNextSubmit()
    const before = textsTo(user.number).length
    await approvedClaim(user)
    const sms = await nextTextTo(user.number, before)
    expect(sms.text).toMatch(/^ஆஹார: ஏற்கப்பட்டது!/)
    expect(ctx.smsc.binds).toBeGreaterThan(binds)
    const row = await approvalSent(user)
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null })
    expect(textsTo(user.number).slice(before)).toHaveLength(1)
  })
})

describe('replies that act', () => {
  it('1 confirms the next pickup, 0 cancels the next order and tells the donor', async () => {
    const user = await recipient('en', 'Kumari')
    await verify(user)
    const before = textsTo(user.number).length
    const { id, order } = await approvedClaim(user, { title: 'Kiribath' })
    await nextTextTo(user.number, before)
    let count = before + 1
    await ctx.smsc.reply(user.number, '1')
    const time = sriLankaParts(order.pickupAt).time
    expect((await nextTextTo(user.number, count++)).text).toMatch(
      new RegExp(
        `^Ahara: thank you! See you at ${time} on \\d\\d/\\d\\d for "Kiribath"\\. The donor has been told you are coming\\.$`,
      ),
    )

    await ctx.smsc.reply(`+${user.number}`, '0')
    expect((await nextTextTo(user.number, count++)).text).toBe(
      'Ahara: your order for "Kiribath" is cancelled and the donor has been told.',
    )
    const after = await ctx.app.inject({ url: `/api/orders/${id}`, headers: { cookie: user.cookie } })
    expect(after.json().status).toBe('cancelled')
    await ctx.app.services.outbox.settle()
    const bells = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, donor.id), eq(notifications.relatedId, id)))
    expect(bells.map((bell) => bell.type)).toContain('order_cancelled')

    await ctx.smsc.reply(user.number, '0')
    expect((await nextTextTo(user.number, count++)).text).toBe('Ahara: you have no open order to cancel.')
  })

  it('STOP (or නවත්වන්න, நிறுத்து) ends all SMS and START resumes them, in the user’s language', async () => {
    const user = await recipient('si')
    await verify(user)
    let count = textsTo(user.number).length
    await ctx.smsc.reply(user.number, 'නවත්වන්න')
    expect((await nextTextTo(user.number, count++)).text).toMatch(/^ආහාර: ඔබට තවදුරටත් SMS නොඑයි\./)
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })
    expect(me.json().smsStopped).toBe(true)

    await approvedClaim(user)
    await ctx.smsc.reply(user.number, '1')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(textsTo(user.number)).toHaveLength(count)

    await ctx.smsc.reply(user.number, 'START')
    expect((await nextTextTo(user.number, count++)).text).toMatch(/^ආහාර: SMS නැවත ක්‍රියාත්මකයි\./)
    await ctx.smsc.reply(user.number, 'HELP')
    expect((await nextTextTo(user.number, count++)).text).toMatch(/^ආහාර: ලබාගැනීම තහවුරු කිරීමට 1/)

    const tamil = await recipient('ta')
    await verify(tamil)
    await ctx.smsc.reply(tamil.number, 'நிறுத்து')
    expect((await nextTextTo(tamil.number, 1)).text).toMatch(/^ஆஹார: இனி SMS வராது\./)
  })

  it('answers strangers and unknown words with one help text a day', async () => {
    const stranger = '94712345678'
    await ctx.smsc.reply(stranger, 'hello?')
    expect((await nextTextTo(stranger, 0)).text).toMatch(/^Ahara: this number is not verified on Ahara\./)
    await ctx.smsc.reply(stranger, 'hello again')
    await ctx.smsc.reply('94712345679', 'உதவி வேண்டும்')
    expect((await nextTextTo('94712345679', 0)).text).toMatch(/^ஆஹார: இந்த எண் ஆஹார இல் சரிபார்க்கப்படவில்லை\./)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(textsTo(stranger)).toHaveLength(1)
    const logged = await ctx.app.services.db.select().from(smsMessages).where(eq(smsMessages.phone, stranger))
    expect(logged.filter((row) => row.direction === 'in').map((row) => [row.userId, row.text])).toEqual([
      [null, 'hello?'],
      [null, 'hello again'],
    ])
  })
})

describe('operators and privacy', () => {
  it('count SMS sent, failed and received on /metrics', async () => {
    const { body: text } = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(text).toMatch(/^sms_sent_total\{kind="verification"\} \d+/m)
    expect(text).toMatch(/^sms_failed_total\{kind="claim_approved"\} [1-9]/m)
    expect(text).toMatch(/^sms_received_total [1-9]/m)
  })

  it('export the user’s SMS log with their data, and erase it with the account', async () => {
    const user = await recipient('en')
    await verify(user)
    await ctx.smsc.reply(user.number, 'HELP')
    await nextTextTo(user.number, 1)
    const exported = await ctx.app.inject({ url: '/api/me/data', headers: { cookie: user.cookie } })
    expect(exported.statusCode).toBe(200)
    const log = exported.json().sms as { direction: string; kind: string; phone: string }[]
    expect(log.map((row) => [row.direction, row.kind])).toEqual([
      ['out', 'verification'],
      ['in', 'reply'],
      ['out', 'help'],
    ])
    expect(log[0]?.phone).toBe(user.number)

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    })
    expect(deleted.statusCode).toBe(204)
    expect(
      await ctx.app.services.db.select().from(smsMessages).where(eq(smsMessages.userId, user.id)),
    ).toEqual([])
    const [row] = await ctx.app.services.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.verifiedPhone).toBeNull()
  })
})
