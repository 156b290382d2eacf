import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sriLankaInstant, sriLankaToday } from '../../../shared/sri-lanka-time'
import { mailOutbox, notifications } from '../../db/schema'
import { claimBody, completeWithoutCode, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { sendDueReminders } from './service'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal' },
  recipient: { role: 'recipient', name: 'Saman' },
  volunteer: { role: 'volunteer', name: 'Kasun' },
})

/**
 * Far enough ahead that the app's own minute-by-minute sweep (real time) never reaches these, and
 * within the year ahead that forms take (docs/decisions/0045-hardening-after-outside-test.md).
 */
const daysAhead = (days: number) => sriLankaToday(new Date(Date.now() + days * 86_400_000))
const DAY = daysAhead(200)
const NEXT_DAY = daysAhead(201)
const DAY_BEFORE = daysAhead(199)
const LAST_DAY = daysAhead(300)
const at = (time: string, day = DAY) => sriLankaInstant(day, time)

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })

async function approvedClaim(title: string, pickupTime: string, day = DAY) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title, expiresAt: at('23:59', LAST_DAY) })
  const res = await post(
    `/api/listings/${listing.id}/claims`,
    ctx.recipient,
    claimBody({ pickupDate: day, pickupTime }),
  )
  expect(res.statusCode).toBe(201)
  const { id } = res.json()
  expect((await post(`/api/claims/${id}/approve`, ctx.donor)).statusCode).toBe(200)
  return id as string
}

/** A sweep at `now`, and the delivery of the reminders it recorded. */
async function sweep(now: Date) {
  const sent = await sendDueReminders(ctx.app.services.db, now)
  await ctx.app.services.outbox.settle()
  return sent
}

async function bells(user: TestUser, type: string, relatedId: string) {
  return ctx.app.services.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.type, type),
        eq(notifications.relatedId, relatedId),
      ),
    )
}

async function mailsTo(user: TestUser, subject: string) {
  return ctx.app.services.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, subject)))
}

describe('pickup reminders', () => {
  it('come once, from exactly one hour before the pickup, by bell and e-mail', async () => {
    const id = await approvedClaim('Kiribath', '14:30')
    await sweep(at('13:29'))
    expect(await bells(ctx.recipient, 'pickup_reminder', id)).toHaveLength(0)

    await sweep(at('13:30'))
    const [bell] = await bells(ctx.recipient, 'pickup_reminder', id)
    expect(bell?.message).toBe('Remember to collect "Kiribath" at 14:30.')
    const mails = (await mailsTo(ctx.recipient, 'Pickup Reminder')).filter((m) => m.text.includes('Kiribath'))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('http://localhost:3000/dashboard/recipient')

    await sweep(at('13:45'))
    await sweep(at('14:29'))
    expect(await bells(ctx.recipient, 'pickup_reminder', id)).toHaveLength(1)
    expect(
      (await mailsTo(ctx.recipient, 'Pickup Reminder')).filter((m) => m.text.includes('Kiribath')),
    ).toHaveLength(1)
  })

  it('names the Sri Lankan time across midnight (00:30 is due at 23:30 the day before)', async () => {
    const id = await approvedClaim('Midnight string hoppers', '00:30', NEXT_DAY)
    await sweep(at('23:29'))
    expect(await bells(ctx.recipient, 'pickup_reminder', id)).toHaveLength(0)
    await sweep(at('23:30'))
    const [bell] = await bells(ctx.recipient, 'pickup_reminder', id)
    expect(bell?.params.time).toBe('00:30')
  })

  it('never come for a cancelled, declined or still pending order, nor after the pickup time', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { expiresAt: at('23:59', LAST_DAY) })
    const order = () =>
      post(
        `/api/listings/${listing.id}/claims`,
        ctx.recipient,
        claimBody({ pickupDate: DAY, pickupTime: '16:00' }),
      )
    const cancelled = (await order()).json().id
    await post(`/api/claims/${cancelled}/cancel`, ctx.recipient)
    const declined = (await order()).json().id
    await post(`/api/claims/${declined}/decline`, ctx.donor)
    const pending = (await order()).json().id
    const late = await approvedClaim('Too late', '16:00')

    await sweep(at('16:00'))
    await sweep(at('15:30', DAY_BEFORE))
    for (const id of [cancelled, declined, pending, late]) {
      expect(await bells(ctx.recipient, 'pickup_reminder', id)).toHaveLength(0)
    }
  })

  it('two sweeps at the same moment send once', async () => {
    const id = await approvedClaim('Lamprais', '18:00')
    const counts = await Promise.all([sweep(at('17:10')), sweep(at('17:10')), sweep(at('17:11'))])
    expect(await bells(ctx.recipient, 'pickup_reminder', id)).toHaveLength(1)
    expect(
      (await mailsTo(ctx.recipient, 'Pickup Reminder')).filter((m) => m.text.includes('Lamprais')),
    ).toHaveLength(1)
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
  })
})

describe('delivery reminders', () => {
  it('reach the requester and the volunteer once the delivery is accepted, one hour before', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Dhal curry',
      expiresAt: at('23:59', LAST_DAY),
    })
    const res = await post(
      `/api/listings/${listing.id}/deliveries`,
      ctx.recipient,
      deliveryBody({ deliveryDate: DAY, deliveryTime: '18:00' }),
    )
    expect(res.statusCode).toBe(201)
    const { id, order } = res.json()
    // Offered to volunteers once the donor approves its order.
    expect((await post(`/api/claims/${order.id}/approve`, ctx.donor)).statusCode).toBe(200)
    await sweep(at('17:05'))
    expect(await bells(ctx.recipient, 'delivery_reminder', id)).toHaveLength(0)

    expect((await post(`/api/deliveries/${id}/accept`, ctx.volunteer)).statusCode).toBe(200)
    await sweep(at('16:59'))
    expect(await bells(ctx.volunteer, 'delivery_reminder', id)).toHaveLength(0)
    await sweep(at('17:05'))
    await sweep(at('17:30'))
    expect(await bells(ctx.recipient, 'delivery_reminder', id)).toHaveLength(1)
    const [volunteerBell] = await bells(ctx.volunteer, 'delivery_reminder', id)
    expect(volunteerBell?.message).toBe('The delivery of "Dhal curry" to Colombo 10 is due at 18:00.')
    expect(await mailsTo(ctx.volunteer, 'Delivery Reminder')).toHaveLength(1)
  })
})

describe("the donor's collection check", () => {
  it('asks two hours after the pickup window ends, once, while the order is still open', async () => {
    const id = await approvedClaim('Pol roti', '10:00')
    const done = await approvedClaim('Collected already', '10:00')
    expect((await post(`/api/claims/${done}/complete`, ctx.donor, completeWithoutCode)).statusCode).toBe(200)

    await sweep(at('12:59'))
    expect(await bells(ctx.donor, 'collection_check', id)).toHaveLength(0)
    await sweep(at('13:00'))
    await sweep(at('15:00'))
    const checks = await bells(ctx.donor, 'collection_check', id)
    expect(checks).toHaveLength(1)
    expect(checks[0]?.params).toMatchObject({ title: 'Pol roti', kind: 'claim' })
    expect(await bells(ctx.donor, 'collection_check', done)).toHaveLength(0)
    const [mail] = (await mailsTo(ctx.donor, 'Was It Collected?')).filter((m) => m.text.includes('Pol roti'))
    expect(mail?.text).toContain('http://localhost:3000/dashboard/donor')
  })
})
