import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import type { AppConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { openConfiguredDatabase } from '../db/open'
import { withDatabase } from './global-setup'

/** A fresh, migrated database for one test file: a PGlite copy or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle & { kindLabel: string; url?: string }> {
  const source = inject('testDatabase')
  if (source.kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(source.file)]) })
    return { ...handle, kindLabel: 'pglite' }
  }
  const { url, drop } = await createPostgresDatabase(source.url, source.template)
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 20 })
  return {
    ...handle,
    kindLabel: 'postgres',
    url,
    async close() {
      await handle.close()
      await drop()
    },
  }
}

/** A new PostgreSQL database, a copy of the template or, without one, empty as on a new install. */
async function createPostgresDatabase(serverUrl: string, template?: string) {
  const name = `ahara_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * The database of a new install, opened as a production start opens it (openConfiguredDatabase):
 * an empty PostgreSQL database through DATABASE_URL, or a new PGlite folder in DATA_DIR.
 */
export async function openNewInstall(config: AppConfig): Promise<DatabaseHandle & { url?: string }> {
  const source = inject('testDatabase')
  if (source.kind === 'pglite') return openConfiguredDatabase(config)
  const { url, drop } = await createPostgresDatabase(source.url)
  const handle = await openConfiguredDatabase({ ...config, databaseUrl: url })
  return {
    ...handle,
    url,
    async close() {
      await handle.close()
      await drop()
    },
  }
}
