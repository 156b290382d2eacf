import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { runtimeFiles } from '../runtime-files'
import { type Database, rowsOf } from './client'

type Journal = { entries: { tag: string; when: number }[] }

let journal: Journal | undefined

/** The migrations this build ships (drizzle-kit's journal), read once. */
function shippedMigrations(): Journal['entries'] {
  journal ??= JSON.parse(
    readFileSync(join(runtimeFiles.migrations, 'meta', '_journal.json'), 'utf8'),
  ) as Journal
  return journal.entries
}

/**
 * The shipped migrations the database lacks: those newer than its last applied one, which is what
 * Drizzle's migrator would apply. An instance that answers requests on an older schema breaks them, so
 * readiness waits for none (GET /api/health/ready).
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const last = await lastAppliedAt(db)
  return shippedMigrations()
    .filter((entry) => last === undefined || entry.when > last)
    .map((entry) => entry.tag)
}

/** The name of the last migration applied (its tag in the journal), null on a database never migrated. */
export async function lastAppliedMigration(db: Database): Promise<string | null> {
  const last = await lastAppliedAt(db)
  if (last === undefined) return null
  return shippedMigrations().find((entry) => entry.when === last)?.tag ?? `unknown (${last})`
}

/** Drizzle's record of the newest migration applied (its journal time), undefined when none is. */
async function lastAppliedAt(db: Database): Promise<number | undefined> {
  const table = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  )
  if (!rowsOf<{ exists: boolean }>(table)[0]?.exists) return undefined
  const applied = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)
  const value = rowsOf<{ last: string | number | null }>(applied)[0]?.last
  return value === null || value === undefined ? undefined : Number(value)
}
