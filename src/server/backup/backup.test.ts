import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type AppConfig, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { listings, users } from '../db/schema'
import { insertListing } from '../test/fixtures'
import { withDatabase } from '../test/global-setup'
import { createTestApp } from '../test/harness'
import { createUser } from '../test/users'
import { createBackup } from './backup'
import { restoreBackup } from './restore'

const folders: string[] = []
const newFolder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}
const databases: string[] = []
const source = inject('testDatabase')

afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  if (source.kind !== 'postgres') return
  const admin = new pg.Client({ connectionString: source.url })
  await admin.connect()
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

/** An empty PostgreSQL database, as an operator makes one to restore into. */
async function emptyPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `ahara_restore_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  databases.push(name)
  return withDatabase(serverUrl, name)
}

const configFor = (env: Record<string, string>): AppConfig =>
  loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), LOG_LEVEL: 'silent', ...env })

describe(`backup and restore (${source.kind})`, { timeout: 120_000 }, () => {
  it('restores the same rows and files into an empty database, and refuses one that is not', async () => {
    // The install to back up: a user, a listing and an uploaded photo.
    const app = await createTestApp({}, undefined, { newInstall: true })
    const donor = await createUser(app, { role: 'donor' })
    const listing = await insertListing(app, donor.id, { title: 'Kiribath for twenty' })
    const photo = randomBytes(4096)
    const photoName = `${randomUUID()}.webp`
    const photoUrl = await app.services.storage.put(photoName, photo, 'image/webp')
    const sourceUrl = app.database.url
    const sourceConfig = configFor({
      DATA_DIR: app.dataDir,
      ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}),
    })
    if (source.kind === 'pglite') {
      // The embedded database is backed up with the server stopped: one process per folder.
      await app.close()
      await app.database.close()
    }

    const backupDir = join(newFolder('ahara-backup-'), 'nightly')
    const manifest = await createBackup(sourceConfig, backupDir)
    expect(manifest.database).toMatchObject({ kind: source.kind, lastMigration: expect.any(String) })
    expect(manifest.uploads).toMatchObject({
      kind: 'local',
      files: [expect.objectContaining({ name: photoName, bytes: 4096 })],
    })
    expect(readdirSync(backupDir).sort()).toEqual([manifest.database.file, 'manifest.json', 'uploads'].sort())
    await expect(createBackup(sourceConfig, backupDir)).rejects.toThrow('is not empty')

    const targetDataDir = newFolder('ahara-restored-')
    const targetConfig = configFor({
      DATA_DIR: targetDataDir,
      ...(source.kind === 'postgres' ? { DATABASE_URL: await emptyPostgresDatabase(source.url) } : {}),
    })
    await restoreBackup(targetConfig, backupDir)

    const restored = targetConfig.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: targetConfig.databaseUrl, poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: targetDataDir })
    try {
      const [user] = await restored.db
        .select({ email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, donor.id))
      expect(user).toEqual({ email: donor.email, role: 'donor' })
      const [row] = await restored.db
        .select({ title: listings.title })
        .from(listings)
        .where(eq(listings.id, listing.id))
      expect(row?.title).toBe('Kiribath for twenty')
    } finally {
      await restored.close()
    }
    expect(readFileSync(join(targetDataDir, photoUrl.replace('/uploads/', 'uploads/')))).toEqual(photo)

    // A second restore into the same place would mix two installs: refused, saying what to do.
    const again = restoreBackup(targetConfig, backupDir)
    await expect(again).rejects.toThrow(
      source.kind === 'postgres' ? /is not empty \(\d+ tables\)/ : 'already holds an embedded database',
    )
    if (source.kind === 'postgres') {
      await expect(
        restoreBackup({ ...sourceConfig, dataDir: newFolder('ahara-empty-') }, backupDir),
      ).rejects.toThrow('is not empty')
      await app.teardown()
    }
  })

  it('refuses a folder that is not a backup, and a damaged one', async () => {
    const config = configFor({ DATA_DIR: newFolder('ahara-target-') })
    await expect(restoreBackup(config, newFolder('ahara-nothing-'))).rejects.toThrow('is not an Ahara backup')
    const damaged = newFolder('ahara-damaged-')
    writeFileSync(join(damaged, 'database.tar.gz'), 'not the dump it was')
    writeFileSync(
      join(damaged, 'manifest.json'),
      JSON.stringify({
        format: 'ahara-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: { kind: 'pglite', file: 'database.tar.gz', sha256: '0'.repeat(64), lastMigration: null },
        uploads: { kind: 'local', folder: 'uploads', files: [] },
      }),
    )
    await expect(restoreBackup(config, damaged)).rejects.toThrow(
      'does not match the manifest: the backup is damaged',
    )
  })
})
