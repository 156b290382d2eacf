import { sql } from 'drizzle-orm'
import { FOOD_CATEGORIES } from '../../shared/reference-data'
import type { Database, DatabaseHandle } from './client'
import { categories } from './schema'

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
}
