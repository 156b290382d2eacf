import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { AppConfig } from '../config'
import { openDatabase } from '../db/client'
import { lastAppliedMigration } from '../db/migration-status'
import { listFiles, MANIFEST_FILE, type Manifest, sha256Of } from './manifest'
import { BackupError, runPostgresTool } from './postgres-tools'

/**
 * Writes a consistent backup of the configured database and the uploads into `dir` (new or empty):
 * PostgreSQL through pg_dump (one snapshot, while the app runs), PGlite as its data folder (the server
 * must be stopped: one process per folder), then the uploads, then manifest.json. Files are copied
 * after the database, so every file a row names is there (docs/decisions/0022-production-build.md).
 */
export async function createBackup(config: AppConfig, dir: string): Promise<Manifest> {
  const target = resolve(dir)
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`${target} is not empty. Back up into a new folder.`)
  }
  mkdirSync(target, { recursive: true })

  const database = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, target)
    : await dumpPglite(config.dataDir, target)

  const bucket = config.s3?.bucket
  const uploadsDir = join(config.dataDir, 'uploads')
  let uploads: Manifest['uploads']
  if (bucket) {
    uploads = {
      kind: 's3',
      bucket,
      note: "Uploads live in the S3 bucket: back it up with the store's own tools (docs/deploy.md, Backups).",
    }
  } else {
    if (existsSync(uploadsDir)) cpSync(uploadsDir, join(target, 'uploads'), { recursive: true })
    uploads = { kind: 'local', folder: 'uploads', files: listFiles(join(target, 'uploads')) }
  }

  const manifest: Manifest = {
    format: 'ahara-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    uploads,
  }
  writeFileSync(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

async function dumpPostgres(url: string, target: string): Promise<Manifest['database']> {
  const file = 'database.pgdump'
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
  let lastMigration: string | null
  try {
    lastMigration = await lastAppliedMigration(handle.db)
  } finally {
    await handle.close()
  }
  await runPostgresTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(target, file)}`],
    url,
  )
  return { kind: 'postgres', file, sha256: sha256Of(join(target, file)), lastMigration }
}

async function dumpPglite(dataDir: string, target: string): Promise<Manifest['database']> {
  if (!existsSync(join(dataDir, 'pglite'))) {
    throw new BackupError(
      `There is no embedded database in ${resolve(dataDir)}. Set DATA_DIR (or DATABASE_URL) to the one to back up.`,
    )
  }
  const file = 'database.tar.gz'
  // Takes the folder's lock: a running server holds it, and the error says so.
  const handle = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const lastMigration = await lastAppliedMigration(handle.db)
    const client = (handle.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('gzip')
    writeFileSync(join(target, file), Buffer.from(await dump.arrayBuffer()))
    return { kind: 'pglite', file, sha256: sha256Of(join(target, file)), lastMigration }
  } finally {
    await handle.close()
  }
}
