import { readFileSync } from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EMAIL_NOTIFICATION_TYPES, isInstantEmailType } from '../../../shared/notification-preferences'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { mailOutbox, notifications } from '../../db/schema'
import type { DomainEvent } from '../../platform/domain-events'
import { claimBody, completeWithoutCode, deliveryBody, eventBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { eventMails } from '../community-events/service'
import { renderMail } from './mail'

const otherEvent: DomainEvent = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'bell.read',
  payload: { userId: 'nobody' },
  notices: [],
  changes: [],
  createdAt: new Date(),
}

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal' },
  en: { role: 'recipient', name: 'Saman' },
  si: { role: 'recipient', name: 'Kamala' },
  ta: { role: 'recipient', name: 'Tharshini' },
  volunteer: { role: 'volunteer', name: 'Kasun' },
})

type Lang = 'en' | 'si' | 'ta'
const catalog = (lang: Lang) =>
  JSON.parse(
    readFileSync(new URL(`../../../shared/locales/${lang}/notifications.json`, import.meta.url), 'utf8'),
  )

const mailCatalog = (lang: Lang) =>
  JSON.parse(readFileSync(new URL(`../../../shared/locales/${lang}/mail.json`, import.meta.url), 'utf8'))

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })

async function setLanguage(user: TestUser, language: Lang) {
  const res = await ctx.app.request('PATCH', '/api/me', user, { language })
  expect(res.statusCode).toBe(200)
}

/** What the mailer recorded for a user, newest first, once the events under way are delivered. */
async function mailsTo(user: TestUser) {
  await ctx.app.services.outbox.settle()
  return ctx.app.services.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, user.email))
    .orderBy(desc(mailOutbox.createdAt))
}

async function claimAnd(user: TestUser, action: 'approve' | 'decline', title: string) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title })
  const { id } = (await post(`/api/listings/${listing.id}/claims`, user, claimBody())).json()
  expect((await post(`/api/claims/${id}/${action}`, ctx.donor)).statusCode).toBe(200)
}

async function requestAnd(user: TestUser, action: 'approve' | 'decline', title: string) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title, type: 'half-price', price: 150 })
  const { id } = (await post(`/api/listings/${listing.id}/food-requests`, user, foodRequestBody())).json()
  expect((await post(`/api/food-requests/${id}/${action}`, ctx.donor)).statusCode).toBe(200)
}

/** A delivery order the donor approves; a volunteer accepts, hands it back, takes it again and delivers. */
async function deliverTo(user: TestUser, title: string) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title })
  const { id, order } = (await post(`/api/listings/${listing.id}/deliveries`, user, deliveryBody())).json()
  expect((await post(`/api/claims/${order.id}/approve`, ctx.donor)).statusCode).toBe(200)
  for (const step of ['accept', 'hand-back', 'accept', 'pick-up', 'complete']) {
    const body = step === 'complete' ? completeWithoutCode : undefined
    expect((await post(`/api/deliveries/${id}/${step}`, ctx.volunteer, body)).statusCode).toBe(200)
  }
}

/** An event day two months ahead: within the year ahead that forms take (docs/decisions/0045-hardening-after-outside-test.md). */
const EVENT_DAY = sriLankaToday(new Date(Date.now() + 60 * 86_400_000))

describe('notification e-mails', () => {
  it.each(['en', 'si', 'ta'] as const)(
    'orders and deliveries mail their requester in %s, with a link to the dashboard',
    async (lang) => {
      const user = ctx[lang]
      await setLanguage(user, lang)
      const before = (await mailsTo(user)).length
      await claimAnd(user, 'approve', 'Kottu')
      await claimAnd(user, 'decline', 'Hoppers')
      await requestAnd(user, 'approve', 'Lamprais')
      await requestAnd(user, 'decline', 'Pittu')
      await deliverTo(user, 'Dhal curry')

      const all = await mailsTo(user)
      const mails = all.slice(0, all.length - before)
      const texts = catalog(lang)
      const approvals = mailCatalog(lang).orderApproved.subject
      // Approvals carry the pickup details (orders/approval-mail.ts); the others the bell's text.
      const expected = [
        approvals.replace('{{title}}', 'Kottu'),
        texts.claim_declined.title,
        approvals.replace('{{title}}', 'Lamprais'),
        texts.request_declined.title,
        approvals.replace('{{title}}', 'Dhal curry'),
        texts.delivery_assigned.title,
        texts.delivery_handed_back.title,
        texts.delivery_assigned.title,
        texts.delivery_picked_up.title,
        texts.delivery_completed.title,
      ]
      expect(mails.map((m) => m.subject).sort()).toEqual(expected.sort())
      for (const mail of mails) {
        expect(mail.text).toContain(user.name)
        expect(mail.text).toMatch(/http:\/\/localhost:3000\/(dashboard\/recipient|orders\/)/)
      }
      const declined = mails.find((m) => m.subject === texts.claim_declined.title)!
      expect(declined.text).toContain(texts.claim_declined.message.replace('{{title}}', 'Hoppers'))
      expect(declined.text).toContain('http://localhost:3000/profile#notification-preferences')
    },
  )

  it('writes Sinhala and Tamil as the catalogs do, not English', async () => {
    const [si] = (await mailsTo(ctx.si)).filter((m) => m.text.includes('Hoppers'))
    expect(si?.text).toContain('ආයුබෝවන් Kamala')
    expect(si?.subject).toBe(catalog('si').claim_declined.title)
    expect(si?.subject.replaceAll('\u200D', '')).toMatch(/^[\u0D80-\u0DFF ]+$/)
    const [ta] = (await mailsTo(ctx.ta)).filter((m) => m.text.includes('Kottu'))
    expect(ta?.subject).toBe('அங்கீகரிக்கப்பட்டது: உங்கள் "Kottu" பெற்றுக்கொள்ளத் தயார்')
    expect(ta?.text).toContain('வணக்கம் Tharshini')
    expect(ta?.text).not.toContain('Hello')
  })

  it('a kind turned off sends no e-mail, but the bell notification is still there', async () => {
    const user = ctx.en
    const off = await ctx.app.request('PUT', '/api/me/notification-preferences', user, {
      email: { claim_approved: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json().email).toMatchObject({
      claim_approved: false,
      claim_declined: true,
      event_created: false,
    })
    const before = (await mailsTo(user)).length
    await claimAnd(user, 'approve', 'Quiet kiribath')
    await claimAnd(user, 'decline', 'Loud kiribath')
    const after = await mailsTo(user)
    expect(after.length).toBe(before + 1)
    expect(after[0]?.subject).toBe('Claim Declined')
    expect(after.some((m) => m.text.includes('Quiet kiribath'))).toBe(false)
    const bell = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
    expect(bell.some((n) => n.type === 'claim_approved' && n.params.title === 'Quiet kiribath')).toBe(true)
  })

  it('notifications without an e-mail kind send no e-mail (the donor hears of a claim by the bell)', async () => {
    const before = (await mailsTo(ctx.donor)).length
    const listing = await insertListing(ctx.app, ctx.donor.id)
    await post(`/api/listings/${listing.id}/claims`, ctx.en, claimBody())
    expect(await mailsTo(ctx.donor)).toHaveLength(before)
  })
})

describe('preferences API', () => {
  it('answers every kind with its default, and only to the signed-in user', async () => {
    const res = await ctx.app.request('GET', '/api/me/notification-preferences', ctx.volunteer)
    expect(res.statusCode).toBe(200)
    expect(res.json().email).toMatchObject({
      pickup_reminder: true,
      event_updated: true,
      event_created: false,
    })
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/me/notification-preferences' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses an unknown kind or a non-boolean with 400 and changes nothing', async () => {
    for (const email of [{ food_claim: false }, { claim_approved: 'no' }, { nonsense: true }]) {
      const res = await ctx.app.request('PUT', '/api/me/notification-preferences', ctx.volunteer, { email })
      expect(res.statusCode).toBe(400)
    }
    const now = await ctx.app.request('GET', '/api/me/notification-preferences', ctx.volunteer)
    expect(now.json().email.claim_approved).toBe(true)
  })
})

describe('event e-mails', () => {
  const optIn = (user: TestUser) =>
    ctx.app.request('PUT', '/api/me/notification-preferences', user, { email: { event_created: true } })

  it('a new event reaches only the opted-in users of its district, with its date and place', async () => {
    // ctx.si lives in Colombo and opts in; ctx.ta lives in Colombo and does not.
    expect((await optIn(ctx.si)).statusCode).toBe(200)
    const kandy = await ctx.app.request('PATCH', '/api/me', ctx.volunteer, { district: 'Kandy' })
    expect(kandy.statusCode).toBe(200)
    await optIn(ctx.volunteer)
    const before = { si: (await mailsTo(ctx.si)).length, ta: (await mailsTo(ctx.ta)).length }
    const volunteerBefore = (await mailsTo(ctx.volunteer)).length

    const startsAt = `${EVENT_DAY}T09:30:00+05:30`
    const created = await post('/api/events', ctx.donor, eventBody({ title: 'Dansala', startsAt }))
    expect(created.statusCode).toBe(201)

    const siMails = await mailsTo(ctx.si)
    expect(siMails).toHaveLength(before.si + 1)
    expect(siMails[0]?.subject).toBe('ඔබ අසල නව වැඩසටහනක්')
    expect(siMails[0]?.text).toContain('Mount Lavinia Beach, Colombo')
    expect(siMails[0]?.text).toContain(EVENT_DAY.slice(0, 4))
    expect(siMails[0]?.text).toContain('http://localhost:3000/community?tab=events')
    expect(await mailsTo(ctx.ta)).toHaveLength(before.ta)
    expect(await mailsTo(ctx.volunteer)).toHaveLength(volunteerBefore)
    const bells = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'event_created'))
    expect(bells.map((b) => b.userId)).toEqual([ctx.si.id])
  })

  it('attendees hear when an event changes or is cancelled; a save that changes nothing says nothing', async () => {
    const body = eventBody({ title: 'Food drive', startsAt: `${EVENT_DAY}T10:00:00+05:30` })
    const { id } = (await post('/api/events', ctx.donor, body)).json()
    expect((await post(`/api/events/${id}/attendance`, ctx.ta)).statusCode).toBe(200)
    const before = (await mailsTo(ctx.ta)).length
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/events/${id}`,
        headers: { cookie: ctx.donor.cookie },
        payload,
      })

    expect((await put(body)).statusCode).toBe(200)
    expect(await mailsTo(ctx.ta)).toHaveLength(before)

    expect((await put({ ...body, startsAt: `${EVENT_DAY}T14:00:00+05:30` })).statusCode).toBe(200)
    const changed = await mailsTo(ctx.ta)
    expect(changed).toHaveLength(before + 1)
    expect(changed[0]?.subject).toBe('நிகழ்வில் மாற்றம்')
    expect(changed[0]?.text).toContain('"Food drive"')

    const cancel = await ctx.app.request('DELETE', `/api/events/${id}`, ctx.donor)
    expect(cancel.statusCode).toBe(204)
    const cancelled = await mailsTo(ctx.ta)
    expect(cancelled).toHaveLength(before + 2)
    expect(cancelled[0]?.subject).toBe('நிகழ்வு ரத்து செய்யப்பட்டது')
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404)
  })

  it('only the organizer cancels an event', async () => {
    const { id } = (await post('/api/events', ctx.donor, eventBody())).json()
    const res = await ctx.app.request('DELETE', `/api/events/${id}`, ctx.en)
    expect(res.statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(200)
  })
})

describe('every e-mail kind in every language', () => {
  const params = {
    title: 'Kottu',
    quantity: 2,
    volunteer: 'Kasun',
    city: 'Galle',
    time: '14:30',
    organizer: 'Nimal',
    donor: 'Nimal',
  }
  const GREETING = { en: 'Hello Dilini', si: 'ආයුබෝවන් Dilini', ta: 'வணக்கம் Dilini' }
  const SCRIPT = { en: /[A-Za-z]/, si: /[\u0D80-\u0DFF]/, ta: /[\u0B80-\u0BFF]/ }

  it.each(['en', 'si', 'ta'] as const)(
    '%s: the subject and message come from the catalog, fully filled in',
    async (lang) => {
      const texts = catalog(lang)
      const recipient = {
        id: ctx.en.id,
        name: 'Dilini',
        email: 'dilini@example.lk',
        language: lang,
        role: 'recipient',
        emailOn: {} as never,
      }
      // The approvals' own content needs a real order: the flows above read it.
      // Messages are mailed as a digest of their own (features/messages/digest.ts), never one by one.
      const kinds = EMAIL_NOTIFICATION_TYPES.filter(
        (type) => type !== 'claim_approved' && type !== 'request_accepted' && isInstantEmailType(type),
      )
      for (const type of kinds) {
        // An event that is not the notice's own: the event kinds fall back to the bell's text.
        const item = { userId: ctx.en.id, type, params, relatedId: '00000000-0000-4000-8000-000000000000' }
        const mail = renderMail('https://ahara.lk', eventMails, recipient, item, otherEvent)
        const fill = (text: string) =>
          text.replace(/{{(\w+)}}/g, (_, name: keyof typeof params) => String(params[name]))
        expect(mail.subject, type).toBe(texts[type].title)
        expect(mail.subject, type).toMatch(SCRIPT[lang])
        expect(mail.text, type).toContain(fill(texts[type].message))
        expect(mail.text, type).toContain(GREETING[lang])
        expect(mail.text, type).not.toContain('{{')
        expect(mail.text, type).toMatch(
          /https:\/\/ahara\.lk\/(dashboard\/(recipient|donor)|community\?tab=events|listings\/00000000-0000-4000-8000-000000000000)/,
        )
      }
    },
  )
})
