import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type App, buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { seedCategories } from '../db/seed'
import { withDatabase } from './global-setup'

/** A fresh, migrated database for one test file: a PGlite copy or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle & { kindLabel: string }> {
  const source = inject('testDatabase')
  if (source.kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(source.file)]) })
    return { ...handle, kindLabel: 'pglite' }
  }
  const name = `ahara_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: source.url })
  await admin.connect()
  await admin.query(`create database ${name} template ${source.template}`)
  await admin.end()
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(source.url, name), poolSize: 20 })
  return {
    ...handle,
    kindLabel: 'postgres',
    async close() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: source.url })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export type TestApp = App & { database: DatabaseHandle; dataDir: string; teardown(): Promise<void> }

/** An app on a fresh database with categories seeded; call teardown() in afterAll. */
export async function createTestApp(env: Record<string, string> = {}, webDir?: string): Promise<TestApp> {
  const database = await createTestDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-data-'))
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...env,
  })
  await seedCategories(database.db)
  const app = await buildApp({ config, database, webDir })
  await app.ready()
  return Object.assign(app, {
    database,
    dataDir,
    async teardown() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}
