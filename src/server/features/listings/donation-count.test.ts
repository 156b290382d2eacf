import { count, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { donorListingCounts, listings, users } from '../../db/schema'
import { claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

/**
 * The donation count on a listing is read from donor_listing_counts, which triggers on listings keep
 * (docs/decisions/0036-listings-at-national-scale.md): after every write it must equal the donor's
 * listings counted afresh.
 */
const ctx = setUpTestApp({
  donor: { role: 'donor' },
  other: { role: 'donor' },
  recipient: { role: 'recipient' },
})

/** The donors' listings counted afresh, and as donor_listing_counts holds them. */
async function counts(...donors: TestUser[]) {
  const { db } = ctx.app.services
  const ids = donors.map((d) => d.id)
  const counted = await db
    .select({ donorId: listings.donorId, n: count() })
    .from(listings)
    .where(inArray(listings.donorId, ids))
    .groupBy(listings.donorId)
  const kept = await db
    .select({ donorId: donorListingCounts.donorId, n: donorListingCounts.listings })
    .from(donorListingCounts)
    .where(inArray(donorListingCounts.donorId, ids))
  const of = (rows: { donorId: string; n: number }[]) =>
    ids.map((id) => rows.find((r) => r.donorId === id)?.n ?? 0)
  return { counted: of(counted), kept: of(kept) }
}

/** The donation count a listing answer shows for `listingId`. */
async function shownCount(listingId: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings/${listingId}` })
  return res.json().donor.donationCount as number
}

const bulk = (donorId: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    donorId,
    title: `Bulk loaves ${i}`,
    description: 'Loaded in bulk',
    quantity: 3,
    initialQuantity: 3,
    type: 'free',
    price: 0,
    pickupAddress: '1 Test Road',
    pickupCity: 'Kandy',
    pickupDistrict: 'Kandy',
    expiresAt: new Date(Date.now() + 3_600_000),
    safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
  }))

describe('the donation count kept per donor', () => {
  it('counts one listing posted, then many inserted in one statement (as the seed and bench load them)', async () => {
    const first = await insertListing(ctx.app, ctx.donor.id)
    expect(await shownCount(first.id)).toBe(1)
    await ctx.app.services.db.insert(listings).values([...bulk(ctx.donor.id, 30), ...bulk(ctx.other.id, 20)])
    expect(await counts(ctx.donor, ctx.other)).toEqual({ counted: [31, 20], kept: [31, 20] })
    expect(await shownCount(first.id)).toBe(31)
    const page = await ctx.app.inject({ method: 'GET', url: `/api/listings?donor=${ctx.other.id}&size=50` })
    expect(page.json().items.map((l: { donor: { donationCount: number } }) => l.donor.donationCount)).toEqual(
      Array(20).fill(20),
    )
  })

  it('is left as it is by orders, cancellations, completion, expiry and edits', async () => {
    const before = await counts(ctx.donor)
    const listing = await insertListing(ctx.app, ctx.donor.id, { quantity: 6 })
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/claims`,
      payload: claimBody({ quantity: 2 }),
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(claimed.statusCode).toBe(201)
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${claimed.json().id}/cancel`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(cancelled.statusCode).toBe(200)
    const { db } = ctx.app.services
    await db.update(listings).set({ status: 'completed', quantity: 0 }).where(eq(listings.id, listing.id))
    await db
      .update(listings)
      .set({ status: 'expired', title: 'Edited' })
      .where(eq(listings.donorId, ctx.donor.id))
    const after = await counts(ctx.donor)
    expect(after.kept).toEqual([before.kept[0]! + 1])
    expect(after.kept).toEqual(after.counted)
  })

  it('keeps the listings of a deleted account counted, as they stay for the impact figures', async () => {
    const leaving = await createUser(ctx.app, { role: 'donor' })
    const listing = await insertListing(ctx.app, leaving.id)
    await insertListing(ctx.app, leaving.id)
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      payload: { password: leaving.password },
      headers: { cookie: leaving.cookie },
    })
    expect(deleted.statusCode).toBe(204)
    expect(await counts(leaving)).toEqual({ counted: [2], kept: [2] })
    expect(await shownCount(listing.id)).toBe(2)
  })

  it('follows listings deleted, moved to another donor, or gone with their donor', async () => {
    const { db } = ctx.app.services
    const gone = await createUser(ctx.app, { role: 'donor' })
    await db.insert(listings).values(bulk(gone.id, 4))
    const [moved] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.donorId, ctx.other.id))
    await db.update(listings).set({ donorId: gone.id }).where(eq(listings.id, moved!.id))
    expect(await counts(ctx.other, gone)).toEqual({ counted: [19, 5], kept: [19, 5] })
    expect(await shownCount(moved!.id)).toBe(5)

    await db
      .delete(listings)
      .where(sql`${listings.donorId} = ${ctx.other.id} and ${listings.title} like 'Bulk loaves 1%'`)
    const other = await counts(ctx.other)
    expect(other.counted[0]).toBeLessThan(19)
    expect(other.kept).toEqual(other.counted)

    await db.delete(users).where(eq(users.id, gone.id))
    expect(await db.select().from(donorListingCounts).where(eq(donorListingCounts.donorId, gone.id))).toEqual(
      [],
    )
  })

  it('empties with the listings table', async () => {
    await ctx.app.services.db.execute(sql`truncate ${listings} cascade`)
    expect(await ctx.app.services.db.select().from(donorListingCounts)).toEqual([])
    const listing = await insertListing(ctx.app, ctx.donor.id)
    expect(await shownCount(listing.id)).toBe(1)
  })
})
