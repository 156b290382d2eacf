import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'
import { prepareDatabase } from '../db/reference-data'

/**
 * Prepares (migrates, reference data) one database per run and hands test files a template to copy: a PGlite data-dir dump,
 * or a PostgreSQL template database when TEST_DB=postgres (with TEST_DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
    const template = `ahara_template_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${template}`)
    const templateUrl = withDatabase(url, template)
    const handle = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 })
    await prepareDatabase(handle)
    await handle.close()
    project.provide('testDatabase', { kind: 'postgres', url, template })
    return async () => {
      await admin.query(`drop database if exists ${template}`)
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'ahara-test-'))
  const handle = await openDatabase({ kind: 'pglite' })
  await prepareDatabase(handle)
  const client = (handle.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('testDatabase', { kind: 'pglite', file })
  return () => rmSync(dir, { recursive: true, force: true })
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string }
  }
}
