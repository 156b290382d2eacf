import { type SQL, sql } from 'drizzle-orm'
import { customType, doublePrecision, timestamp } from 'drizzle-orm/pg-core'

/** `column IN ('a', 'b', ...)` for a CHECK constraint built from a shared list. */
export function oneOf(column: SQL | ReturnType<typeof sql.raw>, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')
  return sql`${column} in (${sql.raw(list)})`
}

/** PostgreSQL's full-text document type, read only by the database itself (listings.search_vector). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/**
 * A place's exact point: two nullable columns `<column>_lat` and `<column>_lng`, keyed `<key>Lat` and
 * `<key>Lng` (src/shared/geo.ts, docs/decisions/0070-places-are-points.md).
 */
export function pointColumns<Key extends string>(key: Key, column: string) {
  const lat = doublePrecision(`${column}_lat`)
  const lng = doublePrecision(`${column}_lng`)
  return { [`${key}Lat`]: lat, [`${key}Lng`]: lng } as Record<`${Key}Lat` | `${Key}Lng`, typeof lat>
}
