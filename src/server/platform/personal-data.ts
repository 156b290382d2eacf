/**
 * A user's rows of one table in their data export (docs/decisions/0039-own-data.md): the columns the
 * export shows (never a secret such as a session token), the user's own rows only, in `order`.
 */
import { eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'

export function ownRows<F extends SelectedFields>(
  db: Database,
  table: PgTable,
  columns: F,
  owner: { column: PgColumn; id: string },
  order: SQL,
) {
  return db.select(columns).from(table).where(eq(owner.column, owner.id)).orderBy(order)
}
