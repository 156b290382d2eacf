import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import pg from 'pg'
import type { AppConfig } from '../config'
import { openDatabase } from '../db/client'
import { listFiles, type Manifest, readManifest, sha256Of } from './manifest'
import { BackupError, runPostgresTool } from './postgres-tools'

/**
 * Loads a backup (createBackup) into the configured database, which must be empty, and its uploads
 * into DATA_DIR/uploads, which must be empty too: a restore never mixes two installs' data. Every
 * file is checked against the manifest first. The next start migrates it if this build is newer.
 */
export async function restoreBackup(config: AppConfig, dir: string): Promise<Manifest> {
  const source = resolve(dir)
  const manifest = readManifest(source)
  const dumpFile = join(source, manifest.database.file)
  if (!existsSync(dumpFile) || sha256Of(dumpFile) !== manifest.database.sha256) {
    throw new BackupError(`${dumpFile} is missing or does not match the manifest: the backup is damaged.`)
  }
  if (manifest.uploads.kind === 'local') {
    const present = new Map(listFiles(join(source, 'uploads')).map((file) => [file.name, file.sha256]))
    const damaged = manifest.uploads.files.filter((file) => present.get(file.name) !== file.sha256)
    if (damaged.length > 0) {
      throw new BackupError(
        `${damaged.length} uploaded files are missing or changed in ${source}/uploads (first: ${damaged[0]!.name}).`,
      )
    }
  }

  const targetKind = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      `This backup holds a ${manifest.database.kind} database; the configuration points at ${targetKind}. ` +
        (manifest.database.kind === 'postgres'
          ? 'Set DATABASE_URL to an empty PostgreSQL database.'
          : 'Unset DATABASE_URL and set DATA_DIR to a new folder.'),
    )
  }
  if (config.databaseUrl) await assertEmptyPostgres(config.databaseUrl)
  else assertEmptyPglite(config.dataDir)
  const uploadsDir = join(config.dataDir, 'uploads')
  if (manifest.uploads.kind === 'local' && existsSync(uploadsDir) && readdirSync(uploadsDir).length > 0) {
    throw new BackupError(`${resolve(uploadsDir)} is not empty. Restore into a new DATA_DIR.`)
  }

  if (config.databaseUrl) {
    await runPostgresTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1))}`,
        dumpFile,
      ],
      config.databaseUrl,
    )
  } else {
    const loaded = await openDatabase({
      kind: 'pglite',
      dataDir: config.dataDir,
      loadDataDir: new Blob([readFileSync(dumpFile)]),
    })
    await loaded.close()
  }
  if (manifest.uploads.kind === 'local' && manifest.uploads.files.length > 0) {
    cpSync(join(source, 'uploads'), uploadsDir, { recursive: true })
  }
  return manifest
}

async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`)
  }
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    )
    const tables = rows[0]?.tables ?? 0
    if (tables > 0) {
      throw new BackupError(
        `The database ${client.database} is not empty (${tables} tables). A restore goes into an empty database only:\n` +
          'create one (createdb ahara_restored), point DATABASE_URL at it and run the restore again.',
      )
    }
  } finally {
    await client.end()
  }
}

function assertEmptyPglite(dataDir: string) {
  const folder = join(dataDir, 'pglite')
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(
      `${resolve(dataDir)} already holds an embedded database. A restore goes into an empty one only:\n` +
        'set DATA_DIR to a new folder and run the restore again.',
    )
  }
}
