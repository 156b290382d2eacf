import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { moderationLog, notifications, organisations, users } from '../../db/schema'
import { childrensHome, claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

// The real fair-use limits: a person may take 10 free portions a day and hold 3 open orders.
const ctx = setUpTestApp(
  {
    moderator: { role: 'recipient', name: 'Mala Moderator', email: 'mala@ahara.lk', verifyEmail: true },
    donor: { role: 'donor', name: 'Perera Bakery', donorType: 'bakery' },
    home: { role: 'recipient', name: 'Kamala Silva', organisation: childrensHome },
    kitchen: {
      role: 'recipient',
      name: 'Ruwan Jayasuriya',
      organisation: { ...childrensHome, kind: 'community-kitchen', name: 'Dehiwala Community Kitchen' },
    },
    person: { role: 'recipient', name: 'Saman Person' },
  },
  {
    ADMIN_EMAILS: 'mala@ahara.lk',
    FAIR_USE_MAX_OPEN_ORDERS: '3',
    FAIR_USE_MAX_DAILY_FREE_PORTIONS: '10',
    FAIR_USE_NO_SHOWS_TO_PAUSE: '3',
  },
)

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })
const post = (url: string, user: TestUser, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload })

describe('signing up for an organisation', () => {
  it('keeps the organisation pending on /api/me until a moderator decides', async () => {
    expect((await get('/api/me', ctx.home)).json()).toMatchObject({
      role: 'recipient',
      organisation: { ...childrensHome, state: 'pending', refusal: null },
    })
    expect((await get('/api/me', ctx.person)).json().organisation).toBeNull()
  })

  it('refuses a bad capacity, a missing name and an organisation for a donor, creating no account', async () => {
    const base = {
      name: 'Anil',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      location: 'Galle',
      district: 'Galle',
      role: 'recipient',
      agreeToTerms: true,
    }
    const cases = [
      [{ ...childrensHome, capacity: 0 }, 'recipient', 'auth.errors.organisationCapacityInvalid'],
      [{ ...childrensHome, name: ' ' }, 'recipient', 'auth.errors.organisationNameRequired'],
      [{ ...childrensHome, kind: 'school' }, 'recipient', 'auth.errors.organisationKindRequired'],
      [childrensHome, 'donor', 'auth.errors.organisationRecipientsOnly'],
    ] as const
    for (const [organisation, role, key] of cases) {
      const email = `org-${key.length}-${role}@test.ahara.lk`
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { ...base, email, role, organisation },
      })
      expect(res.statusCode).toBe(400)
      expect(JSON.stringify(res.json())).toContain(key)
      const [row] = await ctx.app.services.db.select().from(users).where(eq(users.email, email))
      expect(row).toBeUndefined()
    }
  })
})

describe('moderating organisations', () => {
  it('lists the waiting organisations to moderators only', async () => {
    const res = await get('/api/moderation/organisations', ctx.moderator)
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: ctx.home.id, ...childrensHome, state: 'pending', district: 'Colombo' }),
      expect.objectContaining({ id: ctx.kitchen.id, name: 'Dehiwala Community Kitchen' }),
    ])
    expect(res.json().items[0]).toMatchObject({ phoneVerified: false, emailVerified: false })
    // A number proved by an SMS code is marked, as in the volunteers' queue (issue 31).
    const { db } = ctx.app.services
    await db.update(users).set({ verifiedPhone: '94771234567' }).where(eq(users.id, ctx.home.id))
    const marked = await get('/api/moderation/organisations', ctx.moderator)
    expect(marked.json().items[0]).toMatchObject({ id: ctx.home.id, phoneVerified: true })
    await db.update(users).set({ verifiedPhone: null }).where(eq(users.id, ctx.home.id))
    for (const user of [ctx.home, ctx.donor, ctx.person]) {
      expect((await get('/api/moderation/organisations', user)).statusCode).toBe(403)
      expect((await post(`/api/moderation/organisations/${ctx.home.id}/verify`, user)).statusCode).toBe(403)
    }
    expect((await get('/api/moderation/organisations')).statusCode).toBe(401)
    expect(
      (await post(`/api/moderation/organisations/${ctx.person.id}/verify`, ctx.moderator)).statusCode,
    ).toBe(404)
  })

  it('a refusal needs a reason; the organisation is told and it is in the audit log', async () => {
    expect(
      (await post(`/api/moderation/organisations/${ctx.kitchen.id}/refuse`, ctx.moderator)).statusCode,
    ).toBe(400)
    const res = await post(`/api/moderation/organisations/${ctx.kitchen.id}/refuse`, ctx.moderator, {
      reason: 'The registration number is not on the register',
    })
    expect(res.statusCode).toBe(200)
    expect((await get('/api/me', ctx.kitchen)).json().organisation).toMatchObject({
      state: 'refused',
      refusal: 'The registration number is not on the register',
    })
    const db = ctx.app.services.db
    const [entry] = await db.select().from(moderationLog).where(eq(moderationLog.id, res.json().auditId))
    expect(entry).toMatchObject({
      actorId: ctx.moderator.id,
      action: 'organisation_refused',
      targetType: 'user',
      targetId: ctx.kitchen.id,
    })
    const told = await db.select().from(notifications).where(eq(notifications.userId, ctx.kitchen.id))
    expect(told).toEqual([
      expect.objectContaining({
        type: 'organisation_refused',
        message:
          'A moderator could not verify Dehiwala Community Kitchen: The registration number is not on the register. You can still order as a person.',
      }),
    ])
  })

  it('verified, the home is told, the audit log has it, and a second verify is 409', async () => {
    const res = await post(`/api/moderation/organisations/${ctx.home.id}/verify`, ctx.moderator)
    expect(res.statusCode).toBe(200)
    expect((await get('/api/me', ctx.home)).json().organisation.state).toBe('verified')
    expect(
      (await post(`/api/moderation/organisations/${ctx.home.id}/verify`, ctx.moderator)).statusCode,
    ).toBe(409)
    const audit = (await get('/api/moderation/audit', ctx.moderator)).json()
    expect(audit.items[0]).toMatchObject({ action: 'organisation_verified', targetId: ctx.home.id })
    const told = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.home.id))
    expect(told.map((n) => n.type)).toEqual(['organisation_verified'])
  })
})

describe("a verified organisation's limits and name", () => {
  it('takes 40 portions in one claim, where a person is held to 10 a day', async () => {
    const loaves = await insertListing(ctx.app, ctx.donor.id, { title: 'Bread loaves', quantity: 80 })
    const personal = await post(`/api/listings/${loaves.id}/claims`, ctx.person, claimBody({ quantity: 11 }))
    expect(personal.statusCode).toBe(409)
    expect(personal.json().error.key).toBe('orders.errors.fairUseDailyPortions')
    const refused = await post(`/api/listings/${loaves.id}/claims`, ctx.kitchen, claimBody({ quantity: 11 }))
    expect(refused.json().error.key).toBe('orders.errors.fairUseDailyPortions')
    const res = await post(`/api/listings/${loaves.id}/claims`, ctx.home, claimBody({ quantity: 40 }))
    expect(res.statusCode).toBe(201)
    const more = await post(`/api/listings/${loaves.id}/claims`, ctx.home, claimBody({ quantity: 1 }))
    expect(more.statusCode).toBe(409)
    expect(more.json().error).toMatchObject({
      key: 'orders.errors.fairUseDailyPortions',
      params: { max: 40 },
    })
    expect((await get('/api/me/fair-use', ctx.home)).json()).toMatchObject({
      limits: { maxDailyFreePortions: 40, maxOpenOrders: 10 },
      freePortionsToday: 40,
    })
  })

  it('holds up to 10 open orders', async () => {
    const home = await createUser(ctx.app, {
      role: 'recipient',
      organisation: { ...childrensHome, capacity: 100 },
    })
    await ctx.app.services.db
      .update(organisations)
      .set({ isVerified: true })
      .where(eq(organisations.userId, home.id))
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 20 })
    for (let i = 0; i < 10; i++) {
      expect((await post(`/api/listings/${listing.id}/claims`, home, claimBody())).statusCode).toBe(201)
    }
    const eleventh = await post(`/api/listings/${listing.id}/claims`, home, claimBody())
    expect(eleventh.json().error).toMatchObject({
      key: 'orders.errors.fairUseOpenOrders',
      params: { max: 10 },
    })
  })

  it("shows the donor the organisation's name and kind, never its member's name", async () => {
    const orders = (await get('/api/claims?as=donor&size=50', ctx.donor)).json()
    const fromHome = orders.items.find((o: { requester: { id: string } }) => o.requester.id === ctx.home.id)
    expect(fromHome.requester).toMatchObject({
      name: 'Sarana Children’s Home',
      organisation: { name: 'Sarana Children’s Home', kind: 'childrens-home' },
    })
    expect(JSON.stringify(orders)).not.toContain('Kamala Silva')
    const fromPerson = orders.items.find(
      (o: { requester: { id: string } }) => o.requester.id === ctx.kitchen.id,
    )
    expect(fromPerson).toBeUndefined()
    const bells = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.donor.id))
    expect(bells.map((n) => n.message)).toContain(
      'Sarana Children’s Home claimed 40 portion(s) of "Bread loaves".',
    )
  })
})
