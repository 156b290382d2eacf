import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { moderationLog, notifications, users } from '../../db/schema'
import { deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { openVerificationLink, type TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  newVolunteer: {
    role: 'volunteer',
    name: 'Nadeesha New',
    district: 'Galle',
    phone: '0779876543',
    verified: false,
  },
  refusedVolunteer: { role: 'volunteer', name: 'Ravi Refused', verified: false },
  moderator: { role: 'recipient', name: 'Mala Moderator' },
})

beforeAll(async () => {
  await ctx.app.services.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ctx.moderator.id))
})

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })
const post = (url: string, user: TestUser, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload })

/** A delivery of the donor's food asked by the recipient and approved: waiting for a volunteer. */
async function waitingDelivery() {
  const listing = await insertListing(ctx.app, ctx.donor.id)
  const asked = (
    await post(
      `/api/listings/${listing.id}/deliveries`,
      ctx.recipient,
      deliveryBody({ specialInstructions: 'Blue gate' }),
    )
  ).json()
  expect((await post(`/api/claims/${asked.order.id}/approve`, ctx.donor)).statusCode).toBe(200)
  return asked.id as string
}

describe('a volunteer waiting for verification', () => {
  it('is pending on /api/me and sees waiting deliveries without who, contacts, addresses or instructions', async () => {
    expect((await get('/api/me', ctx.newVolunteer)).json()).toMatchObject({
      isVerified: false,
      verification: 'pending',
      vettingRefusal: null,
    })
    const id = await waitingDelivery()
    const list = (await get('/api/deliveries?as=available', ctx.newVolunteer)).json()
    const item = list.items.find((d: { id: string }) => d.id === id)
    expect(item).toMatchObject({
      city: expect.any(String),
      district: expect.any(String),
      fee: expect.any(Number),
    })
    expect(item).toMatchObject({
      requester: null,
      address: null,
      phone: null,
      email: null,
      specialInstructions: null,
      donorContact: null,
    })
    expect(item.listing.pickupAddress).toBeNull()
    const one = (await get(`/api/deliveries/${id}`, ctx.newVolunteer)).json()
    expect(one).toMatchObject({ requester: null, address: null, phone: null, specialInstructions: null })
    expect(JSON.stringify(one)).not.toContain('Blue gate')
    expect(JSON.stringify(one)).not.toContain(ctx.recipient.email)
  })

  it('cannot accept a delivery (403, with the reason), and a verified one can', async () => {
    const id = await waitingDelivery()
    const refused = await post(`/api/deliveries/${id}/accept`, ctx.newVolunteer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      key: 'deliveries.errors.notVerified',
      message:
        'Your volunteer account is waiting for verification: a moderator checks every new volunteer before they can accept deliveries.',
    })
    const still = (await get(`/api/deliveries/${id}`, ctx.recipient)).json()
    expect(still).toMatchObject({ status: 'pending', volunteer: null })
  })
})

describe('verifying volunteers', () => {
  it('lists the waiting volunteers to moderators with profile, phone, district and account age', async () => {
    const res = await get('/api/moderation/volunteers', ctx.moderator)
    expect(res.statusCode).toBe(200)
    const mine = res.json().items.find((v: { id: string }) => v.id === ctx.newVolunteer.id)
    expect(mine).toMatchObject({
      name: 'Nadeesha New',
      phone: '+94779876543',
      district: 'Galle',
      state: 'pending',
      createdAt: expect.any(String),
      phoneVerified: false,
    })
    // Verified volunteers and other roles are not on the list.
    const ids = res.json().items.map((v: { id: string }) => v.id)
    expect(ids).not.toContain(ctx.recipient.id)
  })

  it('shows moderators whether the volunteer proved their e-mail (docs/decisions/0057-proved-email-and-sign-in-links.md)', async () => {
    const emailVerifiedOf = async () =>
      (await get('/api/moderation/volunteers', ctx.moderator))
        .json()
        .items.find((v: { id: string }) => v.id === ctx.newVolunteer.id).emailVerified
    expect(await emailVerifiedOf()).toBe(false)
    await openVerificationLink(ctx.app, ctx.newVolunteer.email)
    expect(await emailVerifiedOf()).toBe(true)
  })

  it('shows moderators "verified number" once the volunteer proved their phone by an SMS code', async () => {
    await ctx.app.services.db
      .update(users)
      .set({ verifiedPhone: '94779876543' })
      .where(eq(users.id, ctx.newVolunteer.id))
    const res = await get('/api/moderation/volunteers', ctx.moderator)
    const mine = res.json().items.find((v: { id: string }) => v.id === ctx.newVolunteer.id)
    expect(mine.phoneVerified).toBe(true)
    await ctx.app.services.db
      .update(users)
      .set({ verifiedPhone: null })
      .where(eq(users.id, ctx.newVolunteer.id))
  })

  it('only moderators may list, verify or refuse', async () => {
    for (const user of [ctx.recipient, ctx.donor, ctx.newVolunteer]) {
      expect((await get('/api/moderation/volunteers', user)).statusCode).toBe(403)
      expect((await post(`/api/moderation/volunteers/${ctx.newVolunteer.id}/verify`, user)).statusCode).toBe(
        403,
      )
      expect(
        (
          await post(`/api/moderation/volunteers/${ctx.newVolunteer.id}/refuse`, user, {
            reason: 'No answer',
          })
        ).statusCode,
      ).toBe(403)
    }
    expect((await get('/api/moderation/volunteers')).statusCode).toBe(401)
    expect((await get('/api/me', ctx.newVolunteer)).json().verification).toBe('pending')
  })

  it('a refusal needs a reason; the volunteer is told it and it is in the audit log', async () => {
    const bare = await post(`/api/moderation/volunteers/${ctx.refusedVolunteer.id}/refuse`, ctx.moderator, {})
    expect(bare.statusCode).toBe(400)
    const res = await post(`/api/moderation/volunteers/${ctx.refusedVolunteer.id}/refuse`, ctx.moderator, {
      reason: 'The phone number did not answer',
    })
    expect(res.statusCode).toBe(200)
    expect((await get('/api/me', ctx.refusedVolunteer)).json()).toMatchObject({
      verification: 'refused',
      vettingRefusal: 'The phone number did not answer',
    })
    const db = ctx.app.services.db
    const [entry] = await db.select().from(moderationLog).where(eq(moderationLog.id, res.json().auditId))
    expect(entry).toMatchObject({
      actorId: ctx.moderator.id,
      action: 'volunteer_refused',
      targetType: 'user',
      targetId: ctx.refusedVolunteer.id,
      reason: 'The phone number did not answer',
    })
    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.refusedVolunteer.id))
    expect(told.filter((n) => n.type.startsWith('volunteer_'))).toEqual([
      expect.objectContaining({
        type: 'volunteer_refused',
        params: { reason: 'The phone number did not answer' },
      }),
    ])
    const refusedList = (await get('/api/moderation/volunteers?status=refused', ctx.moderator)).json()
    expect(refusedList.items.map((v: { id: string }) => v.id)).toContain(ctx.refusedVolunteer.id)
  })

  it('verified, the volunteer is told, the audit log has it, and they can accept deliveries', async () => {
    const res = await post(`/api/moderation/volunteers/${ctx.newVolunteer.id}/verify`, ctx.moderator)
    expect(res.statusCode).toBe(200)
    expect((await get('/api/me', ctx.newVolunteer)).json()).toMatchObject({
      isVerified: true,
      verification: 'verified',
    })
    const again = await post(`/api/moderation/volunteers/${ctx.newVolunteer.id}/verify`, ctx.moderator)
    expect(again.statusCode).toBe(409)
    const audit = (await get('/api/moderation/audit', ctx.moderator)).json()
    expect(audit.items[0]).toMatchObject({
      action: 'volunteer_verified',
      targetType: 'user',
      targetId: ctx.newVolunteer.id,
      actor: { id: ctx.moderator.id, name: 'Mala Moderator' },
    })
    const db = ctx.app.services.db
    const told = await db.select().from(notifications).where(eq(notifications.userId, ctx.newVolunteer.id))
    expect(told.map((n) => n.type)).toContain('volunteer_verified')

    const id = await waitingDelivery()
    const accepted = await post(`/api/deliveries/${id}/accept`, ctx.newVolunteer)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'assigned', requester: { id: ctx.recipient.id } })
  })

  it('answers 404 for someone who is not a volunteer', async () => {
    expect(
      (await post(`/api/moderation/volunteers/${ctx.recipient.id}/verify`, ctx.moderator)).statusCode,
    ).toBe(404)
    expect((await post('/api/moderation/volunteers/nobody/verify', ctx.moderator)).statusCode).toBe(404)
  })
})
