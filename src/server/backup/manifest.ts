import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BackupError } from './postgres-tools'

export const MANIFEST_FILE = 'manifest.json'

export type UploadEntry = { name: string; bytes: number; sha256: string }

/** What a backup folder holds; restore reads it first and checks every file against it. */
export type Manifest = {
  format: 'ahara-backup'
  version: 1
  createdAt: string
  database: {
    kind: 'pglite' | 'postgres'
    /** pg_dump's custom format (PostgreSQL) or PGlite's data folder as a gzipped tar. */
    file: string
    sha256: string
    /** The last migration applied when it was taken; a newer build migrates it further at start. */
    lastMigration: string | null
  }
  uploads:
    | { kind: 'local'; folder: 'uploads'; files: UploadEntry[] }
    | { kind: 's3'; bucket: string; note: string }
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

/** Every file under a folder, with its size and digest, by path relative to the folder. */
export function listFiles(root: string): UploadEntry[] {
  if (!existsSync(root)) return []
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
    )
  return walk(root)
    .sort()
    .map((path) => ({ name: relative(root, path), bytes: statSync(path).size, sha256: sha256Of(path) }))
}

export function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST_FILE)
  if (!existsSync(path)) throw new BackupError(`${dir} is not an Ahara backup: it has no ${MANIFEST_FILE}.`)
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>
  if (manifest.format !== 'ahara-backup' || manifest.version !== 1) {
    throw new BackupError(
      `${path} is not a backup this version of Ahara reads (format ahara-backup, version 1).`,
    )
  }
  return manifest as Manifest
}
