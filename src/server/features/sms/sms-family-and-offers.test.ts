/**
 * Replies that act across a family's phone and take first-refusal offers
 * (docs/decisions/0061-sms-in-time.md, 0062-the-family-phone.md), against the test SMSC.
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { claims, notifications, organisations, users } from '../../db/schema'
import { childrensHome, listingBody } from '../../test/bodies'
import { categoryIds, uploadImage } from '../../test/fixtures'
import { nextSriLankaTime, setUpSmsApp } from '../../test/sms-kit'
import { createUser, type TestUser } from '../../test/users'

const ctx = setUpSmsApp({
  startsAt: () => nextSriLankaTime('10:00'),
  firstNumber: 100,
  smsRetry: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
})
let donor: TestUser
beforeAll(async () => {
  donor = await createUser(ctx.app, { role: 'donor', name: 'Perera Bakery', district: 'Colombo' })
})

const bellsOf = (userId: string, relatedId: string) =>
  ctx.app.services.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, relatedId)))

describe('the family phone', () => {
  it('serves up to 3 accounts: notices say whose, 1 confirms the latest pickup and rings the donor, HELP lists them, STOP stops all', async () => {
    const phone = '077 400 0001'
    const mother = await ctx.kit.user({ name: 'Kumari Perera', phone })
    const son = await ctx.kit.user({ name: 'Nuwan Perera', phone, role: 'volunteer' })
    const daughter = await ctx.kit.user({ name: 'Chaminda Perera', phone, language: 'ta' })
    for (const user of [mother, son, daughter]) expect((await ctx.kit.verify(user)).statusCode).toBe(200)
    // A fourth account may not verify the number (an hour later: three codes an hour per number).
    vi.setSystemTime(new Date(Date.now() + 61 * 60_000))
    const fourth = await ctx.kit.user({ name: 'Saman', phone })
    const refused = await ctx.kit.verify(fourth)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'This number is already verified on 3 accounts, the most one phone may serve.',
    )

    let count = ctx.kit.textsTo(mother.number).length
    const order = await ctx.kit.approvedClaim(donor, mother, { title: 'Kiribath' })
    expect((await ctx.kit.nextTextTo(mother.number, count++)).text).toMatch(
      /^\(For Kumari\) Ahara: approved! Code/,
    )

    await ctx.smsc.reply(mother.number, 'HELP')
    expect((await ctx.kit.nextTextTo(mother.number, count++)).text).toBe(
      'Ahara: this number is for Kumari, Nuwan, Chaminda. Reply 1 to confirm the latest pickup, 0 to cancel the latest order, STOP to end SMS for all, START to get them again.',
    )

    // 1: the mother's order records that she is coming, and the donor's bell rings.
    await ctx.smsc.reply(mother.number, '1')
    expect((await ctx.kit.nextTextTo(mother.number, count++)).text).toMatch(
      /^Ahara: thank you! See you at \d\d:\d\d on \d\d\/\d\d for "Kiribath"\. The donor has been told you are coming\.$/,
    )
    const seen = await ctx.app.inject({ url: `/api/claims/${order.id}`, headers: { cookie: donor.cookie } })
    expect(seen.json().attendanceConfirmedAt).toEqual(expect.any(String))
    await ctx.app.services.outbox.settle()
    expect((await bellsOf(donor.id, order.id)).map((bell) => [bell.type, bell.message])).toContainEqual([
      'attendance_confirmed',
      expect.stringMatching(
        /^Kumari Perera replied by SMS that they are coming for "Kiribath" \(1 portion\(s\)\) at \d\d:\d\d\.$/,
      ),
    ])

    // 0 acts on the latest open order among the three: the daughter's, placed after.
    const later = await ctx.kit.approvedClaim(donor, daughter, { title: 'Bread' })
    expect((await ctx.kit.nextTextTo(mother.number, count++)).text).toMatch(
      /^\(Chaminda க்கு\) ஆஹார: ஏற்கப்பட்டது!/,
    )
    await ctx.smsc.reply(mother.number, '0')
    expect((await ctx.kit.nextTextTo(mother.number, count++)).text).toMatch(/^ஆஹார: "Bread" ஆர்டர் ரத்து/)
    const cancelled = await ctx.app.services.db.select().from(claims).where(eq(claims.id, later.id))
    expect(cancelled[0]?.status).toBe('cancelled')

    await ctx.smsc.reply(mother.number, 'STOP')
    await ctx.kit.nextTextTo(mother.number, count++)
    const stopped = await ctx.app.services.db
      .select()
      .from(users)
      .where(eq(users.verifiedPhone, mother.number))
    expect(stopped.map((user) => user.smsStoppedAt !== null)).toEqual([true, true, true])
  })
})

describe('first refusal by SMS', () => {
  it('offers a verified home the food with the portions a reply of 1 takes, and 1 orders them', async () => {
    const home = await ctx.kit.user({
      name: 'Sister Mary',
      district: 'Colombo',
      organisation: childrensHome,
    })
    await ctx.app.services.db
      .update(organisations)
      .set({ isVerified: true })
      .where(eq(organisations.userId, home.id))
    await ctx.kit.verify(home)
    const fairUse = await ctx.app.inject({ url: '/api/me/fair-use', headers: { cookie: home.cookie } })
    const take = Math.min(60, fairUse.json().limits.maxDailyFreePortions - fairUse.json().freePortionsToday)

    const image = await uploadImage(ctx.app, donor)
    const posted = await ctx.kit.post(
      '/api/listings',
      donor,
      listingBody((await categoryIds(ctx.app)).bakery!, image, { title: 'Bread loaves', quantity: 60 }),
    )
    expect(posted.statusCode).toBe(201)
    const listing = posted.json()
    const offer = await ctx.kit.nextTextTo(home.number, 1)
    expect(offer.text).toMatch(
      new RegExp(
        `^Ahara: 60 portions of "Bread loaves" are offered to you first until \\d\\d:\\d\\d\\. Reply 1 to take ${take}\\.$`,
      ),
    )

    await ctx.smsc.reply(home.number, '1')
    expect((await ctx.kit.nextTextTo(home.number, 2)).text).toBe(
      `Ahara: you ordered ${take} of "Bread loaves". When the donor approves, we send the place and the pickup code by SMS.`,
    )
    const [order] = await ctx.app.services.db.select().from(claims).where(eq(claims.claimantId, home.id))
    expect(order).toMatchObject({ listingId: listing.id, quantity: take, status: 'pending' })

    // The offer is answered: a second 1 orders nothing more (there is no approved pickup yet).
    await ctx.smsc.reply(home.number, '1')
    expect((await ctx.kit.nextTextTo(home.number, 3)).text).toBe(
      'Ahara: you have no approved pickup to confirm.',
    )
    expect(
      await ctx.app.services.db.select().from(claims).where(eq(claims.claimantId, home.id)),
    ).toHaveLength(1)

    // The donor approves: the code and the whole place come by SMS.
    expect((await ctx.kit.post(`/api/claims/${order!.id}/approve`, donor)).statusCode).toBe(200)
    const approval = await ctx.kit.nextTextTo(home.number, 4)
    expect(approval.text).toMatch(/^Ahara: approved! Code \d{3} \d{3}\./)
    expect(approval.text).toContain('12 Galle Road, Dehiwala')
  })
})
