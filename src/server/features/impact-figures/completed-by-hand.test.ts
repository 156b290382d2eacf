import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { donorImpactScore } from '../../../shared/impact'
import { claims, listings } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

/**
 * A donor earns for food that moved, never for a listing they mark completed by hand
 * (docs/decisions/0048-outcomes-not-offers.md): the leaderboard, the badges and the dashboard agree.
 */

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

const get = async (url: string, cookie?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
  expect(res.statusCode, url).toBe(200)
  return res.json()
}

/** What the donor dashboard's Status select does (PATCH /api/listings/:id with status completed). */
const markCompleted = (listingId: string) =>
  app.database.db.update(listings).set({ status: 'completed' }).where(eq(listings.id, listingId))

describe('completed donations', () => {
  it('earn nothing when the donor marks them completed by hand and nobody collected', async () => {
    const donor = await createUser(app, { role: 'donor', name: 'Hand Marker' })
    for (let i = 0; i < 6; i++) {
      const listing = await insertListing(app, donor.id, { title: `Big pot ${i}` })
      await markCompleted(listing.id)
    }
    const dashboard = await get('/api/dashboard/donor', donor.cookie)
    expect(dashboard.stats).toMatchObject({ totalDonations: 6, completedDonations: 0, impactScore: 0 })
    // Five completed donations would make a Reliable Donor: none of these counts.
    expect(dashboard.badges.map((b: { id: string }) => b.id)).not.toContain('reliableDonor')
    for (const period of ['all', 'month']) {
      const { entries } = await get(`/api/community/leaderboard?period=${period}`)
      expect(entries.find((e: { id: string }) => e.id === donor.id)).toBeUndefined()
    }
  })

  it('earn their 5 points once one of their orders was collected', async () => {
    const donor = await createUser(app, { role: 'donor', name: 'Food Mover' })
    const recipient = await createUser(app, { role: 'recipient' })
    const listing = await insertListing(app, donor.id, { quantity: 4 })
    await app.database.db.insert(claims).values({
      listingId: listing.id,
      claimantId: recipient.id,
      quantity: 2,
      status: 'completed',
      pickupAt: new Date(),
      completedAt: new Date(),
    })
    await markCompleted(listing.id)
    const dashboard = await get('/api/dashboard/donor', donor.cookie)
    expect(dashboard.stats).toMatchObject({ completedDonations: 1, impactScore: donorImpactScore(2, 1) })
    const { entries } = await get('/api/community/leaderboard?period=all')
    expect(entries.find((e: { id: string }) => e.id === donor.id)?.score).toBe(donorImpactScore(2, 1))
  })
})
