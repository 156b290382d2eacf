import { eq, isNull, sql } from 'drizzle-orm'
import { FOOD_CATEGORIES } from '../../shared/reference-data'
import { searchKey } from '../../shared/transliteration'
import type { Database, DatabaseHandle } from './client'
import { columnsOf } from './columns-of'
import { categories, listings } from './schema'

/**
 * Reference rows every database needs, demo or not (a donor cannot post without categories).
 * Upserts, so a renamed or recoloured category reaches existing databases at the next start.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(FOOD_CATEGORIES.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoUpdate({
      target: categories.slug,
      set: {
        name: sql`excluded.name`,
        icon: sql`excluded.icon`,
        color: sql`excluded.color`,
        sortOrder: sql`excluded.sort_order`,
      },
    })
}

/** Migrates the database and writes its reference data: what every start does first. */
export async function prepareDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate()
  await seedReferenceData(database.db)
  await fillSearchKeys(database.db)
}

const SEARCH_KEY_BATCH = 500

/**
 * Writes the search keys of listings older than the column (migration 0017, docs/decisions/0036-listings-at-national-scale.md): the keys come from
 * the app's transliteration (src/shared/transliteration.ts), which SQL cannot run, so the migration
 * leaves them null and each start fills what is missing, a batch at a time. Once filled it reads
 * nothing but an empty index range.
 */
export async function fillSearchKeys(db: Database): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = await db
      .select({ ...columnsOf(listings, 'id', 'title', 'description'), city: listings.pickupCity })
      .from(listings)
      .where(isNull(listings.searchKey))
      .limit(SEARCH_KEY_BATCH)
    if (rows.length === 0) return filled
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .update(listings)
          .set({ searchKey: searchKey(row.title, row.description, row.city) })
          .where(eq(listings.id, row.id))
      }
    })
    filled += rows.length
  }
}
