import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { withDatabase } from '../test/global-setup'
import { openDatabase } from './client'
import { pendingMigrations } from './migration-status'

const source = inject('testDatabase')

/** Instances started together (a rolling upgrade, compose's two app services) migrate one at a time. */
describe.skipIf(source.kind !== 'postgres')('migrations on PostgreSQL', { timeout: 120_000 }, () => {
  it('apply once when two migrators start together on an empty database', async () => {
    if (source.kind !== 'postgres') return
    const name = `ahara_migrate_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: source.url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = withDatabase(source.url, name)
    const first = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
    const second = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
    try {
      await Promise.all([first.migrate(), second.migrate()])
      expect(await pendingMigrations(first.db)).toEqual([])
      const check = new pg.Client({ connectionString: url })
      await check.connect()
      const { rows } = await check.query(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      )
      await check.end()
      expect(rows[0].n).toBe(rows[0].distinct)
      expect(rows[0].n).toBeGreaterThan(0)
    } finally {
      await first.close()
      await second.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
