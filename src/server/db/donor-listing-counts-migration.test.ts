import { readFileSync } from 'node:fs'
import { count, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { insertListing } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'
import { donorListingCounts, listings } from './schema'

const ctx = setUpTestApp({ donor: { role: 'donor' }, other: { role: 'donor' } })

/** The last data step of migration 0013, which counts the listings already there. */
const backfill = readFileSync(new URL('./migrations/0013_donor_listing_counts.sql', import.meta.url), 'utf8')
  .split('-- data:')
  .at(-1)!
  .split('\n')
  .slice(1)
  .join('\n')
  .trim()

it("counts each donor's listings already there", async () => {
  const { db } = ctx.app.services
  for (let i = 0; i < 3; i += 1) await insertListing(ctx.app, ctx.donor.id)
  await insertListing(ctx.app, ctx.other.id)
  // The table as the migration finds it: listings, and no counts yet.
  await db.delete(donorListingCounts)

  await db.execute(sql.raw(backfill))

  const counted = await db
    .select({ donorId: listings.donorId, listings: count() })
    .from(listings)
    .groupBy(listings.donorId)
  const kept = await db.select().from(donorListingCounts)
  expect(kept).toHaveLength(2)
  expect(kept).toEqual(expect.arrayContaining(counted))
})
