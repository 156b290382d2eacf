/**
 * Messages on orders and deliveries (docs/decisions/0066-messages.md, 0067-messages-by-sms.md): one
 * app with the test SMSC, so the SMS bridge is tested both ways beside the API.
 */
import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { claims, domainEvents, mailOutbox, notifications, users } from '../../db/schema'
import { claimBody, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { nextSriLankaTime, type SmsUser, setUpSmsApp } from '../../test/sms-kit'
import { createUser, type TestUser } from '../../test/users'
import { changeRole } from '../moderation/roles'

// Late at night: a person's message is not held by the quiet hours.
const ctx = setUpSmsApp({ startsAt: () => nextSriLankaTime('23:30'), firstNumber: 500 })
let donor: SmsUser
let recipient: SmsUser
let stranger: TestUser
let volunteer: TestUser
let orderId: string

beforeAll(async () => {
  donor = await ctx.kit.user({ role: 'donor', name: 'Nimal Silva' })
  recipient = await ctx.kit.user({ name: 'Kavitha Raj', language: 'ta' })
  stranger = await createUser(ctx.app)
  volunteer = await createUser(ctx.app, { role: 'volunteer', district: 'Colombo' })
  for (const user of [donor, recipient]) expect((await ctx.kit.verify(user)).statusCode).toBe(200)
  const listing = await insertListing(ctx.app, donor.id, { title: 'Kiribath' })
  const placed = await ctx.kit.post(`/api/listings/${listing.id}/claims`, recipient, claimBody())
  expect(placed.statusCode).toBe(201)
  orderId = placed.json().id
})

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const thread = () => `/api/orders/${orderId}/messages`

describe('an order thread', () => {
  it('is its parties’ alone: 403 for anyone else, 404 for an unknown order', async () => {
    expect((await get(thread(), stranger)).statusCode).toBe(403)
    expect((await ctx.kit.post(thread(), stranger, { quick: 'here' })).statusCode).toBe(403)
    expect((await get(`/api/orders/${crypto.randomUUID()}/messages`, donor)).statusCode).toBe(404)
    expect((await get(thread(), donor)).json()).toEqual({ items: [], open: true })
  })

  it('refuses bad input with its reason', async () => {
    const refused = async (payload: object, key: string) => {
      const res = await ctx.kit.post(thread(), recipient, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.messageKey ?? res.json().error.message).toBeTruthy()
      expect(JSON.stringify(res.json())).toContain(key)
    }
    await refused({ text: '   ' }, 'Write a message or choose a quick reply.')
    await refused({ text: 'x'.repeat(501) }, 'A message can have up to 500 characters.')
    await refused({ quick: 'late20' }, 'This quick reply does not exist.')
    expect((await get(thread(), donor)).json().items).toEqual([])
  })

  it('carries a quick reply to the other party: bell, realtime to the parties only, SMS at once at night', async () => {
    const before = ctx.kit.textsTo(donor.number).length
    const sent = await ctx.kit.post(thread(), recipient, { quick: 'late10' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({ quick: 'late10', text: null, mine: true })
    const [event] = await ctx.app.services.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'message.sent'))
    expect(event!.changes).toEqual([{ table: 'messages', id: orderId, userIds: [recipient.id, donor.id] }])
    expect(event!.notices.map((n) => n.userId)).toEqual([donor.id])
    const bells = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, donor.id), eq(notifications.type, 'message_received')))
    expect(bells).toHaveLength(1)
    expect((await ctx.kit.nextTextTo(donor.number, before)).text).toBe(
      'Ahara - Kavitha: Running about 10 minutes late (reply to answer)',
    )
    const seen = (await get(thread(), donor)).json()
    expect(seen.items).toMatchObject([{ quick: 'late10', author: { id: recipient.id }, mine: false }])
  })

  it('takes the donor’s SMS reply into the thread and tells them which order it went to', async () => {
    const donorTexts = ctx.kit.textsTo(donor.number).length
    const recipientTexts = ctx.kit.textsTo(recipient.number).length
    await ctx.smsc.reply(donor.number, 'ok, gate is on the side lane')
    expect((await ctx.kit.nextTextTo(donor.number, donorTexts)).text).toBe(
      'Ahara: your message went to the order "Kiribath".',
    )
    // The text came in through the SMSC, not a request: its event is delivered here.
    await ctx.app.services.outbox.settle()
    expect((await ctx.kit.nextTextTo(recipient.number, recipientTexts)).text).toBe(
      'ஆஹார - Nimal: ok, gate is on the side lane (பதிலளிக்க reply செய்யவும்)',
    )
    const items = (await get(thread(), recipient)).json().items
    expect(items.at(-1)).toMatchObject({
      text: 'ok, gate is on the side lane',
      viaSms: true,
      author: { id: donor.id },
    })
  })

  it('closes 48 hours after the order ends: read-only, 409 to write', async () => {
    await ctx.app.services.db
      .update(claims)
      .set({ status: 'cancelled', updatedAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(claims.id, orderId))
    const res = await ctx.kit.post(thread(), recipient, { quick: 'here' })
    expect(res.statusCode).toBe(409)
    expect(JSON.stringify(res.json())).toContain('This conversation is closed')
    expect((await get(thread(), recipient)).json()).toMatchObject({ open: false })
    expect((await get(thread(), recipient)).json().items).toHaveLength(2)
  })
})

describe('a delivery thread', () => {
  it('is between the donor, the requester and the volunteer once one accepted', async () => {
    const listing = await insertListing(ctx.app, donor.id, { quantity: 3 })
    const asked = await ctx.kit.post(`/api/listings/${listing.id}/deliveries`, recipient, deliveryBody())
    expect(asked.statusCode).toBe(201)
    const { id, order } = asked.json()
    expect((await ctx.kit.post(`/api/claims/${order.id}/approve`, donor)).statusCode).toBe(200)
    const path = `/api/deliveries/${id}/messages`
    expect((await ctx.kit.post(path, volunteer, { quick: 'onMyWay' })).statusCode).toBe(403)
    expect((await ctx.kit.post(`/api/deliveries/${id}/accept`, volunteer)).statusCode).toBe(200)
    expect((await ctx.kit.post(path, volunteer, { quick: 'onMyWay' })).statusCode).toBe(201)
    expect(
      (await ctx.kit.post(path, donor, { text: 'Ask for Nimal at https://example.lk' })).statusCode,
    ).toBe(201)
    expect(
      (await get(path, recipient)).json().items.map((m: { author: { id: string } }) => m.author.id),
    ).toEqual([volunteer.id, donor.id])
    expect((await get(path, stranger)).statusCode).toBe(403)
  })
})

describe('safety', () => {
  it('a party reports a message with its thread; a moderator hides it; a suspended user cannot write', async () => {
    const listing = await insertListing(ctx.app, donor.id)
    const requester = await createUser(ctx.app, { name: 'Dilani' })
    const placed = await ctx.kit.post(`/api/listings/${listing.id}/claims`, requester, claimBody())
    const path = `/api/orders/${placed.json().id}/messages`
    expect((await ctx.kit.post(path, requester, { quick: 'onMyWay' })).statusCode).toBe(201)
    const rude = (await ctx.kit.post(path, donor, { text: 'something rude' })).json()
    const report = (who: TestUser) =>
      ctx.kit.post('/api/reports', who, { targetType: 'message', targetId: rude.id, reason: 'inappropriate' })
    expect((await report(stranger)).statusCode).toBe(403)
    expect((await report(donor)).statusCode).toBe(403)
    expect((await report(requester)).statusCode).toBe(201)

    const moderator = await createUser(ctx.app, { name: 'Ruwan Moderator' })
    await changeRole(ctx.app.services.db, moderator.email, 'moderator')
    const queue = (await get('/api/moderation/reports?status=open', moderator)).json().items
    const filed = queue.find((r: { targetId: string }) => r.targetId === rude.id)
    expect(filed).toMatchObject({
      targetType: 'message',
      targetLabel: 'something rude',
      owner: { id: donor.id },
    })
    expect(filed.thread.map((m: { quick: string | null; text: string | null }) => m.quick ?? m.text)).toEqual(
      ['onMyWay', 'something rude'],
    )
    const hid = await ctx.kit.post('/api/moderation/hide', moderator, {
      targetType: 'message',
      targetId: rude.id,
      reason: 'Rude words',
      reportId: filed.id,
    })
    expect(hid.statusCode).toBe(200)
    expect((await get(path, requester)).json().items.at(-1)).toMatchObject({ hidden: true, text: null })

    await ctx.app.services.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, requester.id))
    expect((await ctx.kit.post(path, requester, { quick: 'here' })).statusCode).toBe(403)
  })
})

describe('the e-mail digest', () => {
  it('mails a thread’s messages still unread after 15 minutes, once an hour, unless read on the page', async () => {
    const listing = await insertListing(ctx.app, donor.id, { title: 'Hoppers' })
    const writer = await createUser(ctx.app, { name: 'Ravi Kumar' })
    const placed = await ctx.kit.post(`/api/listings/${listing.id}/claims`, writer, claimBody())
    const path = `/api/orders/${placed.json().id}/messages`
    // The donor's digests about this order (the other tests' threads have theirs).
    const mails = async () =>
      (await ctx.app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, donor.email))).filter(
        (m) => m.subject.includes('Hoppers'),
      )
    expect((await ctx.kit.post(path, writer, { quick: 'onMyWay' })).statusCode).toBe(201)
    expect((await ctx.kit.post(path, writer, { text: 'Blue gate?' })).statusCode).toBe(201)
    const digests = ctx.app.services.messageDigests
    // Minutes after the bells rang, by the database's clock (the test's own is set to the evening).
    const [rang] = await ctx.app.services.db
      .select({ at: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, donor.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1)
    const at = (minutes: number) => new Date(rang!.at.getTime() + minutes * 60_000)
    await digests.runNow(at(10))
    expect(await mails()).toHaveLength(0)
    await digests.runNow(at(16))
    const sent = await mails()
    expect(sent.map((m) => m.subject)).toEqual(['New messages about "Hoppers"'])
    expect(sent[0]!.text).toContain('You have 2 unread messages about "Hoppers"')
    expect(sent[0]!.text).toContain(`/orders/${placed.json().id}`)
    // Within the hour, and with nothing new, no second one.
    await digests.runNow(at(30))
    expect(await mails()).toHaveLength(1)
    // A message read on the page is not mailed.
    expect((await ctx.kit.post(path, writer, { quick: 'here' })).statusCode).toBe(201)
    await get(path, donor)
    await digests.runNow(at(90))
    expect(await mails()).toHaveLength(1)
  })
})

describe('limits and personal data', () => {
  it('30 messages an hour per person and thread', async () => {
    const listing = await insertListing(ctx.app, donor.id)
    const placed = await ctx.kit.post(`/api/listings/${listing.id}/claims`, stranger, claimBody())
    const path = `/api/orders/${placed.json().id}/messages`
    const key = `messages:order:${placed.json().id}:${stranger.id}`
    // The test app multiplies budgets by its scale: fill the counter to one short of it.
    for (let i = 1; i < ctx.app.services.limits.scaled(30); i++)
      await ctx.app.services.limits.store.add(key, 3_600_000)
    expect((await ctx.kit.post(path, stranger, { text: 'hello' })).statusCode).toBe(201)
    const res = await ctx.kit.post(path, stranger, { text: 'hello again' })
    expect(res.statusCode).toBe(429)
  })

  it('are in the export and erased with the account as "Deleted user"', async () => {
    const listing = await insertListing(ctx.app, donor.id)
    const leaving = await createUser(ctx.app, { name: 'Leaving Soon' })
    const placed = await ctx.kit.post(`/api/listings/${listing.id}/claims`, leaving, claimBody())
    const path = `/api/orders/${placed.json().id}/messages`
    expect((await ctx.kit.post(path, leaving, { text: 'my words' })).statusCode).toBe(201)
    const data = (await get('/api/me/data', leaving)).json()
    expect(data.messages).toMatchObject([{ text: 'my words', thread: 'order' }])
    expect((await ctx.kit.post('/api/me/deletion', leaving, { password: leaving.password })).statusCode).toBe(
      204,
    )
    const items = (await get(path, donor)).json().items
    expect(items).toMatchObject([{ author: { name: 'Deleted user' }, text: null, quick: null }])
  })
})
