import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { insertListing } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'
import { listings } from './schema'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

/** Migration 0002's statements, as the migrator runs them. */
const statements = readFileSync(new URL('./migrations/0005_nine_allergens.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean)

it("turns a stored 'nuts' into both peanuts and tree nuts, keeps the rest, and then refuses 'nuts'", async () => {
  const { db } = ctx.app.services
  const withNuts = await insertListing(ctx.app, ctx.donor.id, { allergens: ['gluten'] })
  const without = await insertListing(ctx.app, ctx.donor.id, { allergens: ['dairy'] })
  // The rows as the old list stored them, before 0002.
  await db.execute(sql`alter table listings drop constraint listings_allergens_check`)
  await db.execute(
    sql`update listings set allergens = array['gluten', 'nuts', 'soy'] where id = ${withNuts.id}`,
  )
  await db.execute(
    sql`alter table listings add constraint listings_allergens_check check (allergens <@ array['gluten', 'dairy', 'eggs', 'nuts', 'soy', 'fish', 'shellfish', 'sesame']::text[])`,
  )

  for (const statement of statements) await db.execute(sql.raw(statement))

  const read = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0]!
  const migrated = await read(withNuts.id)
  expect(migrated.allergens).toEqual(['gluten', 'soy', 'tree_nuts', 'peanuts'])
  expect(migrated.version).toBe(withNuts.version + 1)
  expect((await read(without.id)).allergens).toEqual(['dairy'])
  await expect(
    db.execute(sql`update listings set allergens = array['nuts'] where id = ${without.id}`),
  ).rejects.toThrow()
})
