import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { redactUrl } from '../config/values'
import { runtimeFiles } from '../runtime-files'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres'
  db: Database
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * Raw SQL for the job queue (pg-boss's `db` adapter, platform/jobs.ts). Without values the text
   * may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  migrate(): Promise<void>
  /** Connections by state, for /metrics: PostgreSQL's pool (total, idle, waiting); PGlite's one connection. */
  poolStats(): Record<string, number>
  close(): Promise<void>
}

export class DatabaseError extends Error {}

/** The rows of `db.execute`: both drivers (node-postgres, PGlite) answer it with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

const migrationsFolder = runtimeFiles.migrations
/** Any constant: serialises migrations when several instances start at once on PostgreSQL. */
const MIGRATION_LOCK_ID = 7_245_001

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number }

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.loadDataDir)
    : openPostgres(options.url, options.poolSize)
}

/** Embedded PostgreSQL. dataDir undefined = in memory. One process per directory: PGlite has no file lock (docs/decisions/0015-one-database-dialect.md). */
async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  let releaseLock = () => {}
  let dbDir: string | undefined
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    dbDir = join(resolve(dataDir), 'pglite')
    releaseLock = takeDirectoryLock(join(resolve(dataDir), 'pglite.lock'))
  }
  let client: PGlite
  try {
    client = await PGlite.create({ dataDir: dbDir, loadDataDir, extensions: { pg_trgm } })
  } catch (error) {
    releaseLock()
    throw new DatabaseError(
      `Could not open the embedded database in ${dbDir ?? 'memory'}: ${(error as Error).message}`,
    )
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database
  return {
    kind: 'pglite',
    db,
    listen: (channel, onPayload) => client.listen(channel, onPayload).then((stop) => () => stop()),
    async executeSql(text, values) {
      // PGlite's query() takes one statement; exec() runs several and answers each one's rows.
      if (values && values.length > 0) return client.query(text, values as never[])
      const results = await client.exec(text)
      return results.at(-1) ?? { rows: [] }
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    poolStats: () => ({ total: 1 }),
    async close() {
      await client.close()
      releaseLock()
    },
  }
}

/**
 * One process per data directory. The lock file names the process and its start time, so a lock
 * left by a crash is recognised even when the system has since given its PID to another process.
 */
function takeDirectoryLock(lockPath: string): () => void {
  if (existsSync(lockPath)) {
    const holder = parseLock(readFileSync(lockPath, 'utf8'))
    if (holder && holder.pid !== process.pid && isLockHolderAlive(holder)) {
      throw new DatabaseError(
        `The embedded database is in use by process ${holder.pid} (${lockPath}). Stop that process, or set DATA_DIR to another folder.`,
      )
    }
    rmSync(lockPath, { force: true })
  }
  const fd = openSync(lockPath, 'wx')
  writeSync(fd, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }))
  closeSync(fd)
  return () => rmSync(lockPath, { force: true })
}

type LockHolder = { pid: number; started: string | null }

function parseLock(text: string): LockHolder | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'number') return { pid: value, started: null }
    const { pid, started } = value as Partial<LockHolder>
    return typeof pid === 'number'
      ? { pid, started: typeof started === 'string' ? started : null }
      : undefined
  } catch {
    return undefined
  }
}

function isLockHolderAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // Without a recorded start time (older lock, or no /proc) a live PID has to count as the holder.
  if (!holder.started) return true
  return processStartTime(holder.pid) === holder.started
}

/** The process's start time in clock ticks since boot (Linux /proc), or null where it cannot be read. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which may itself hold spaces and parentheses; starttime is 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 })
  // An idle client's network error must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseError(
      `Could not connect to DATABASE_URL (${redactUrl(url)}): ${(error as Error).message}`,
    )
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database
  const listener = createPgListener(url)
  return {
    kind: 'postgres',
    db,
    listen: listener.listen,
    executeSql: (text, values) => pool.query(text, values),
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
        client.release()
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}

/**
 * One dedicated connection for LISTEN. It reconnects after a dropped connection and listens again on
 * every channel that has subscribers.
 */
function createPgListener(url: string) {
  const subscribers = new Map<string, Set<(payload: string) => void>>()
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client)
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url })
      next.on('notification', (message) => {
        for (const fn of subscribers.get(message.channel) ?? []) fn(message.payload ?? '')
      })
      next.on('error', () => {
        client = undefined
        next.end().catch(() => {})
        if (!closed) setTimeout(() => reconnect(), 1000)
      })
      await next.connect()
      for (const channel of subscribers.keys()) await next.query(`listen ${quoteIdent(channel)}`)
      client = next
      connecting = undefined
      return next
    })().catch((error) => {
      connecting = undefined
      throw error
    })
    return connecting
  }

  function reconnect() {
    if (closed) return
    connect().catch(() => setTimeout(() => reconnect(), 2000))
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      let set = subscribers.get(channel)
      const isNewChannel = !set
      if (!set) {
        set = new Set()
        subscribers.set(channel, set)
      }
      set.add(onPayload)
      const active = await connect()
      // A fresh connection already listened on every channel; LISTEN twice is harmless.
      if (isNewChannel) await active.query(`listen ${quoteIdent(channel)}`)
      return async () => {
        set.delete(onPayload)
        if (set.size === 0) {
          subscribers.delete(channel)
          await client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => {})
        }
      }
    },
    async close() {
      closed = true
      await client?.end().catch(() => {})
      client = undefined
    },
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** Checks that the database answers (used by /api/health). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`)
}
