import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claims, listings, moderationLog, users } from '../../db/schema'
import { claimBody, eventBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { createTestApp, setUpTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'
import { ALLOWED_WHILE_SUSPENDED } from './guard'
import { changeRole } from './roles'

// A web build, as in production: the routes that serve the pages are registered too.
const webDir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Ahara</title></head><body></body></html>',
)
const ctx = setUpTestApp(
  {
    moderator: { role: 'recipient', name: 'Ruwan Moderator' },
    donor: { role: 'donor', name: 'Kandy Spice' },
    recipient: { role: 'recipient', name: 'Saman' },
    otherRecipient: { role: 'recipient', name: 'Fathima' },
    volunteer: { role: 'volunteer', name: 'Kasun' },
  },
  {},
  webDir,
)
beforeAll(() => changeRole(ctx.app.services.db, ctx.moderator.email, 'moderator'))
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

const as = (
  user: TestUser | null,
  method: Parameters<TestApp['request']>[0],
  url: string,
  payload?: object,
) => ctx.app.request(method, url, user, payload)

/** A community story by `user`, as the stories form posts it. */
const postStory = (user: TestUser, title: string, body: string) =>
  as(user, 'POST', '/api/stories', { title, category: 'community', body })

async function notificationsOf(user: TestUser) {
  const res = await as(user, 'GET', '/api/notifications')
  return res.json().items as { type: string; params: Record<string, string>; message: string }[]
}

async function auditEntries() {
  const res = await as(ctx.moderator, 'GET', '/api/moderation/audit?size=50')
  expect(res.statusCode).toBe(200)
  return res.json().items as {
    actor: { id: string; name: string } | null
    action: string
    targetType: string
    targetId: string
    reason: string | null
    details: Record<string, unknown>
  }[]
}

const report = (
  user: TestUser,
  targetType: string,
  targetId: string,
  reason = 'unsafe_food',
  note?: string,
) => as(user, 'POST', '/api/reports', { targetType, targetId, reason, note })

describe('the moderator role', () => {
  it('is given by the operator command and recorded in the audit log, by the operator', async () => {
    const me = await as(ctx.moderator, 'GET', '/api/me')
    expect(me.json().role).toBe('moderator')
    const entry = (await auditEntries()).find(
      (e) => e.action === 'role_changed' && e.targetId === ctx.moderator.id,
    )
    expect(entry).toMatchObject({
      actor: null,
      targetType: 'user',
      details: { from: 'recipient', to: 'moderator' },
    })
  })

  it('is taken back by the same command, and the change is recorded too', async () => {
    const helper = await createUser(ctx.app, { role: 'volunteer' })
    await changeRole(ctx.app.services.db, helper.email, 'moderator')
    expect((await as(helper, 'GET', '/api/moderation/reports')).statusCode).toBe(200)
    await changeRole(ctx.app.services.db, helper.email, 'volunteer')
    expect((await as(helper, 'GET', '/api/moderation/reports')).statusCode).toBe(403)
    const changes = (await auditEntries()).filter((e) => e.targetId === helper.id).map((e) => e.details)
    expect(changes).toEqual([
      { from: 'moderator', to: 'volunteer' },
      { from: 'volunteer', to: 'moderator' },
    ])
  })

  it('cannot be chosen at sign-up', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Sneaky',
        email: `sneaky-${Date.now()}@test.ahara.lk`,
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        location: 'Colombo',
        district: 'Colombo',
        phone: '0771234567',
        role: 'moderator',
        agreeToTerms: true,
      },
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('reports', () => {
  it('thanks the reporter and allows one open report per reporter and target', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Suspicious biryani' })
    const first = await report(ctx.recipient, 'listing', listing.id, 'unsafe_food', 'It smelled off')
    expect(first.statusCode).toBe(201)
    const thanks = (await notificationsOf(ctx.recipient)).find((n) => n.type === 'report_received')
    expect(thanks?.params.target).toBe('Suspicious biryani')
    const again = await report(ctx.recipient, 'listing', listing.id, 'misleading')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(
      'You have already reported this, and our moderators have not decided yet. We will let you know when they do.',
    )
    // Someone else may report the same listing.
    expect((await report(ctx.otherRecipient, 'listing', listing.id)).statusCode).toBe(201)
    const open = await as(ctx.moderator, 'GET', '/api/moderation/reports')
    const mine = open.json().items.find((r: { id: string }) => r.id === first.json().id)
    expect(mine).toMatchObject({
      targetType: 'listing',
      targetLabel: 'Suspicious biryani',
      owner: { id: ctx.donor.id, name: 'Kandy Spice' },
      reason: 'unsafe_food',
      note: 'It smelled off',
      reporter: { id: ctx.recipient.id, name: 'Saman' },
      hidden: false,
      status: 'open',
    })
  })

  it('refuses a report of one own post, of something that does not exist, and a reason off the list', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    expect((await report(ctx.donor, 'listing', listing.id)).json().error.key).toBe(
      'moderation.errors.ownContent',
    )
    expect((await report(ctx.donor, 'user', ctx.donor.id)).statusCode).toBe(403)
    expect((await report(ctx.recipient, 'listing', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    )
    expect((await report(ctx.recipient, 'story', 'not-a-uuid')).statusCode).toBe(404)
    const bad = await report(ctx.recipient, 'listing', listing.id, 'boring')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.key).toBe('moderation.errors.reasonRequired')
    expect((await report(ctx.recipient, 'user', ctx.donor.id, 'other', 'x'.repeat(1001))).statusCode).toBe(
      400,
    )
  })

  it('lets the reporter report again once the moderators decided', async () => {
    const target = await createUser(ctx.app, { role: 'recipient' })
    const first = await report(ctx.recipient, 'user', target.id, 'no_show_or_rude')
    const dismissed = await as(ctx.moderator, 'POST', `/api/moderation/reports/${first.json().id}/dismiss`, {
      reason: 'Nothing against the guidelines',
    })
    expect(dismissed.statusCode).toBe(200)
    const decided = (await notificationsOf(ctx.recipient)).find((n) => n.type === 'report_dismissed')
    expect(decided?.params.target).toBe(target.name)
    expect((await report(ctx.recipient, 'user', target.id, 'no_show_or_rude')).statusCode).toBe(201)
    const again = await as(ctx.moderator, 'POST', `/api/moderation/reports/${first.json().id}/dismiss`, {
      reason: 'Twice',
    })
    expect(again.statusCode).toBe(409)
    const entry = (await auditEntries()).find((e) => e.targetId === first.json().id)
    expect(entry).toMatchObject({
      action: 'report_dismissed',
      targetType: 'report',
      actor: { id: ctx.moderator.id },
      reason: 'Nothing against the guidelines',
    })
  })
})

describe('reports are rate-limited', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({}, undefined, { realLimits: true })
  })
  afterAll(() => limited.teardown())

  it('answers 429 after ten reports in an hour, and files nothing more', async () => {
    const reporter = await createUser(limited, { role: 'recipient' })
    const owner = await createUser(limited, { role: 'donor' })
    const send = async () => {
      const listing = await insertListing(limited, owner.id)
      return limited.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: reporter.cookie },
        payload: { targetType: 'listing', targetId: listing.id, reason: 'spam_or_fraud' },
      })
    }
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201)
    const refused = await send()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })
})

describe('hiding a listing', () => {
  it('takes it out of every public list and page, cancels its open orders, releases their portions and tells everyone concerned', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Week-old kottu', quantity: 10 })
    const pending = await as(
      ctx.recipient,
      'POST',
      `/api/listings/${listing.id}/claims`,
      claimBody({ quantity: 2 }),
    )
    expect(pending.statusCode, pending.body).toBe(201)
    const confirmed = await as(
      ctx.otherRecipient,
      'POST',
      `/api/listings/${listing.id}/claims`,
      claimBody({ quantity: 3 }),
    )
    expect((await as(ctx.donor, 'POST', `/api/claims/${confirmed.json().id}/approve`)).statusCode).toBe(200)
    const filed = await report(ctx.volunteer, 'listing', listing.id, 'unsafe_food')

    const search = () => as(null, 'GET', '/api/listings?q=week-old')
    expect((await search()).json().items.map((l: { id: string }) => l.id)).toEqual([listing.id])

    const hidden = await as(ctx.moderator, 'POST', '/api/moderation/hide', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'Food kept too long',
      reportId: filed.json().id,
    })
    expect(hidden.statusCode, hidden.body).toBe(200)

    expect((await search()).json().items).toEqual([])
    const byDonor = await as(ctx.recipient, 'GET', `/api/listings?donor=${ctx.donor.id}&size=50`)
    expect(byDonor.json().items.map((l: { id: string }) => l.id)).not.toContain(listing.id)
    const home = await as(null, 'GET', '/api/home')
    expect(home.json().listings.map((l: { id: string }) => l.id)).not.toContain(listing.id)
    for (const viewer of [null, ctx.recipient]) {
      expect((await as(viewer, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404)
    }
    const page = await as(null, 'GET', `/listings/${listing.id}`)
    expect(page.statusCode).toBe(404)
    expect(page.body).not.toContain('Week-old kottu')
    // Its donor (and the moderators) still see it, marked hidden.
    expect((await as(ctx.donor, 'GET', `/api/listings/${listing.id}`)).json()).toMatchObject({
      hidden: true,
      available: false,
    })
    expect((await as(ctx.moderator, 'GET', `/api/listings/${listing.id}`)).json().hidden).toBe(true)

    const orders = await ctx.app.services.db.select().from(claims).where(eq(claims.listingId, listing.id))
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled'])
    const [row] = await ctx.app.services.db.select().from(listings).where(eq(listings.id, listing.id))
    expect(row!.quantity).toBe(10)
    const newOrder = await as(ctx.recipient, 'POST', `/api/listings/${listing.id}/claims`, claimBody())
    expect(newOrder.statusCode).toBe(404)

    const told = (await notificationsOf(ctx.donor)).find((n) => n.type === 'content_hidden')
    expect(told?.message).toBe('A moderator hid "Week-old kottu" because: Food kept too long')
    for (const requester of [ctx.recipient, ctx.otherRecipient]) {
      expect((await notificationsOf(requester)).some((n) => n.type === 'order_removed')).toBe(true)
    }
    expect((await notificationsOf(ctx.volunteer)).some((n) => n.type === 'report_actioned')).toBe(true)
    const closed = await as(ctx.moderator, 'GET', '/api/moderation/reports?status=actioned')
    expect(closed.json().items.find((r: { id: string }) => r.id === filed.json().id)).toMatchObject({
      hidden: true,
    })

    expect(
      (
        await as(ctx.moderator, 'POST', '/api/moderation/hide', {
          targetType: 'listing',
          targetId: listing.id,
          reason: 'again',
        })
      ).statusCode,
    ).toBe(409)
    const shown = await as(ctx.moderator, 'POST', '/api/moderation/unhide', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'The donor explained',
    })
    expect(shown.statusCode).toBe(200)
    expect((await search()).json().items.map((l: { id: string }) => l.id)).toEqual([listing.id])
    expect((await notificationsOf(ctx.donor)).some((n) => n.type === 'content_unhidden')).toBe(true)
    const actions = (await auditEntries()).filter((e) => e.targetId === listing.id)
    expect(actions.map((e) => [e.action, e.reason, e.actor?.id])).toEqual([
      ['listing_unhidden', 'The donor explained', ctx.moderator.id],
      ['listing_hidden', 'Food kept too long', ctx.moderator.id],
    ])
  })
})

describe('hiding a story or an event', () => {
  const hide = (targetType: 'story' | 'event', targetId: string, reason: string) =>
    as(ctx.moderator, 'POST', '/api/moderation/hide', { targetType, targetId, reason })

  it('takes a story out of the stories, the home page and its likes', async () => {
    const created = await postStory(ctx.recipient, 'A story to hide', 'Buy my product')
    const id = created.json().id
    await hide('story', id, 'Advertising')
    const list = await as(null, 'GET', '/api/stories?size=50')
    expect(list.json().items.map((s: { id: string }) => s.id)).not.toContain(id)
    const home = await as(null, 'GET', '/api/home')
    expect(home.json().stories.map((s: { id: string }) => s.id)).not.toContain(id)
    expect((await as(ctx.donor, 'PUT', `/api/stories/${id}/like`)).statusCode).toBe(404)
    expect(
      (await notificationsOf(ctx.recipient)).find((n) => n.type === 'content_hidden')?.params.reason,
    ).toBe('Advertising')
  })

  it('takes an event out of the events and refuses to join it', async () => {
    const created = await as(ctx.volunteer, 'POST', '/api/events', eventBody({ title: 'Event to hide' }))
    const id = created.json().id
    await hide('event', id, 'Not about food')
    const list = await as(null, 'GET', '/api/events?size=50')
    expect(list.json().items.map((e: { id: string }) => e.id)).not.toContain(id)
    expect((await as(ctx.recipient, 'GET', `/api/events/${id}`)).statusCode).toBe(404)
    expect((await as(ctx.recipient, 'POST', `/api/events/${id}/attendance`)).statusCode).toBe(404)
    expect((await as(ctx.volunteer, 'GET', `/api/events/${id}`)).statusCode).toBe(200)
  })
})

describe('warnings and suspensions', () => {
  it('warns a user with the reason', async () => {
    const res = await as(ctx.moderator, 'POST', `/api/moderation/users/${ctx.otherRecipient.id}/warn`, {
      reason: 'Two no-shows this week',
    })
    expect(res.statusCode).toBe(200)
    const warning = (await notificationsOf(ctx.otherRecipient)).find((n) => n.type === 'user_warned')
    expect(warning?.params.reason).toBe('Two no-shows this week')
  })

  it.each([
    ['warn', '/api/moderation/users/{user}/warn', { reason: 'Rude messages' }],
    ['suspend', '/api/moderation/users/{user}/suspend', { reason: 'Rude messages', days: 1 }],
    ['hide', '/api/moderation/hide', { targetType: 'user-listing', reason: 'Spoiled food' }],
  ] as [string, string, Record<string, unknown>][])(
    'refuses to %s with a report that does not exist: 404, and nothing in the audit log',
    async (_, path, body) => {
      const user = await createUser(ctx.app, { role: 'donor' })
      const listing = await insertListing(ctx.app, user.id)
      const before = (await auditEntries()).length
      const payload =
        body.targetType === 'user-listing'
          ? { ...body, targetType: 'listing', targetId: listing.id }
          : { ...body }
      const res = await as(ctx.moderator, 'POST', path.replace('{user}', user.id), {
        ...payload,
        reportId: '00000000-0000-4000-8000-000000000000',
      })
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().error.key).toBe('moderation.errors.reportNotFound')
      expect((await auditEntries()).length).toBe(before)
      expect((await notificationsOf(user)).map((n) => n.type)).not.toContain('user_warned')
    },
  )

  it('refuses to act on moderators, and an unknown user', async () => {
    const other = await createUser(ctx.app, { role: 'donor' })
    await changeRole(ctx.app.services.db, other.email, 'moderator')
    const res = await as(ctx.moderator, 'POST', `/api/moderation/users/${other.id}/suspend`, {
      reason: 'test',
      days: 1,
    })
    expect(res.json().error.key).toBe('moderation.errors.notModerators')
    expect(
      (await as(ctx.moderator, 'POST', '/api/moderation/users/nobody/warn', { reason: 'Who is this?' }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await as(ctx.moderator, 'POST', `/api/moderation/users/${ctx.donor.id}/suspend`, {
          reason: 'test',
          days: 2,
        })
      ).statusCode,
    ).toBe(400)
  })

  it('lets a suspended user sign in and read but refuses every write route, until the suspension is lifted', async () => {
    const user = await createUser(ctx.app, { role: 'donor', name: 'Spammer' })
    const res = await as(ctx.moderator, 'POST', `/api/moderation/users/${user.id}/suspend`, {
      reason: 'Fake listings',
      days: 7,
    })
    expect(res.statusCode).toBe(200)
    const me = await as(user, 'GET', '/api/me')
    expect(me.json().suspension).toMatchObject({ reason: 'Fake listings' })
    expect(me.json().suspension.until).not.toBeNull()
    expect((await as(user, 'GET', '/api/listings')).statusCode).toBe(200)
    expect((await notificationsOf(user)).some((n) => n.type === 'user_suspended')).toBe(true)
    const listed = await as(ctx.moderator, 'GET', '/api/moderation/suspended')
    expect(listed.json().items.find((u: { id: string }) => u.id === user.id)).toMatchObject({
      reason: 'Fake listings',
      name: 'Spammer',
    })

    const writes = ctx.app.routes.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        r.url.startsWith('/api/') &&
        !ALLOWED_WHILE_SUSPENDED.has(`${r.method} ${r.url}`),
    )
    expect(writes.length).toBeGreaterThan(30)
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x')
      const answer = await as(user, route.method as 'POST', url, {})
      expect({
        route: `${route.method} ${route.url}`,
        status: answer.statusCode,
        code: answer.json().error?.code,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        code: 'suspended',
      })
    }
    // What stays open: marking notifications read, and signing out.
    expect((await as(user, 'POST', '/api/notifications/read-all')).statusCode).toBe(200)

    const lifted = await as(ctx.moderator, 'POST', `/api/moderation/users/${user.id}/lift-suspension`, {
      reason: 'Appeal accepted',
    })
    expect(lifted.statusCode).toBe(200)
    expect((await as(user, 'GET', '/api/me')).json().suspension).toBeNull()
    const story = await postStory(user, 'Back', 'Thanks')
    expect(story.statusCode).toBe(201)
    expect(
      (
        await as(ctx.moderator, 'POST', `/api/moderation/users/${user.id}/lift-suspension`, {
          reason: 'Again',
        })
      ).statusCode,
    ).toBe(409)
    const actions = (await auditEntries())
      .filter((e) => e.targetId === user.id)
      .map((e) => [e.action, e.reason])
    expect(actions).toEqual([
      ['suspension_lifted', 'Appeal accepted'],
      ['user_suspended', 'Fake listings'],
    ])
  })

  it('ends a suspension for a period by itself, and holds a permanent one', async () => {
    const user = await createUser(ctx.app, { role: 'recipient' })
    await as(ctx.moderator, 'POST', `/api/moderation/users/${user.id}/suspend`, {
      reason: 'Abuse',
      days: null,
    })
    expect((await as(user, 'GET', '/api/me')).json().suspension).toEqual({ reason: 'Abuse', until: null })
    await ctx.app.services.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
    expect((await as(user, 'GET', '/api/me')).json().suspension).toBeNull()
    const story = await postStory(user, 'Hello', 'Hi')
    expect(story.statusCode).toBe(201)
  })
})

describe('the audit log', () => {
  it('has no route that edits it, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const edits = ctx.app.routes.filter(
      (r) => r.url.includes('/audit') && r.method !== 'GET' && r.method !== 'HEAD',
    )
    expect(edits).toEqual([])
    const db = ctx.app.services.db
    const before = await db.select().from(moderationLog)
    expect(before.length).toBeGreaterThan(0)
    await expect(db.update(moderationLog).set({ reason: 'rewritten' })).rejects.toThrow()
    await expect(db.delete(moderationLog)).rejects.toThrow()
    await expect(db.execute('truncate moderation_log' as never)).rejects.toThrow()
    expect(await db.select().from(moderationLog)).toEqual(before)
  })

  it('is for moderators only', async () => {
    expect((await as(null, 'GET', '/api/moderation/audit')).statusCode).toBe(401)
    expect((await as(ctx.donor, 'GET', '/api/moderation/audit')).statusCode).toBe(403)
  })
})
