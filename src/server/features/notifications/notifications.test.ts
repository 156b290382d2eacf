import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { eventDeliveries } from '../../db/schema'
import { recordEvents } from '../../platform/outbox'
import { claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: { role: 'recipient' } })

const list = (user: TestUser) =>
  ctx.app
    .inject({ method: 'GET', url: '/api/notifications', headers: { cookie: user.cookie } })
    .then((r) => r.json())

async function claimSomething() {
  const listing = await insertListing(ctx.app, ctx.donor.id)
  await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listing.id}/claims`,
    headers: { cookie: ctx.recipient.cookie },
    payload: claimBody(),
  })
}

describe('notifications', () => {
  it('lists mine newest first with the unread count; marks one and all read', async () => {
    await claimSomething()
    await claimSomething()
    const before = await list(ctx.donor)
    expect(before.unreadCount).toBe(2)
    expect(before.items).toHaveLength(2)
    expect(new Date(before.items[0].createdAt) >= new Date(before.items[1].createdAt)).toBe(true)
    expect(before.items[0]).toMatchObject({ type: 'food_claim', isRead: false, params: { quantity: 1 } })

    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${before.items[0].id}/read`,
      headers: { cookie: ctx.donor.cookie },
    })
    expect(read.json().isRead).toBe(true)
    expect((await list(ctx.donor)).unreadCount).toBe(1)

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: ctx.donor.cookie },
    })
    expect(all.json().updated).toBe(1)
    expect((await list(ctx.donor)).unreadCount).toBe(0)
  })

  it("never shows or marks someone else's notification", async () => {
    await claimSomething()
    const donorNote = (await list(ctx.donor)).items[0]
    expect((await list(ctx.recipient)).items.map((n: { id: string }) => n.id)).not.toContain(donorNote.id)
    const steal = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${donorNote.id}/read`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(steal.statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401)
  })

  it('a bell that cannot be rung fails alone, is kept for another try and never fails the action', async () => {
    const { db, outbox } = ctx.app.services
    // A type the CHECK constraint refuses stands in for a broken insert.
    await db.transaction((tx) =>
      recordEvents(tx, {
        type: 'bell.read',
        payload: { userId: ctx.donor.id },
        notices: [
          { userId: ctx.donor.id, type: 'no_such_type' as never, params: {}, relatedId: ctx.donor.id },
        ],
      }),
    )
    await expect(outbox.settle()).resolves.toBeUndefined()
    const tries = await db.select().from(eventDeliveries).where(eq(eventDeliveries.subscriber, 'bell'))
    expect(tries.filter((row) => row.status === 'failed')).toHaveLength(1)
    expect((await outbox.stats()).pending).toBeGreaterThan(0)
  })
})
