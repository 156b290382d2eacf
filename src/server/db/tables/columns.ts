import { type SQL, sql } from 'drizzle-orm'
import { customType, timestamp } from 'drizzle-orm/pg-core'

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
