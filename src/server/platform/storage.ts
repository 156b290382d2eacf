import { mkdirSync } from 'node:fs'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import type { AppConfig } from '../config'

/** A stored file as the server streams it: its ETag makes a browser's revalidation a 304. */
export type StoredFile = { body: Readable | Buffer; contentType: string; etag: string; bytes?: number }

/**
 * Where uploaded files live: the local folder (default), or an S3-compatible bucket for several
 * instances (docs/decisions/0023-storage-on-s3.md). Either way a file's URL is `/uploads/<name>`.
 */
export type FileStorage = {
  kind: 'local' | 's3'
  /** Stores a file under a new, never reused name; answers its URL. */
  put(name: string, data: Buffer, contentType: string): Promise<string>
  /** The file, or undefined when there is none (or it was removed). */
  get(name: string): Promise<StoredFile | undefined>
  /** Deletes a file; a missing one is no error. */
  remove(name: string): Promise<void>
  /** Set when the local folder serves `/uploads/` through the static file server. */
  localRoot?: string
}

export const UPLOADS_PREFIX = '/uploads/'

/** Names the server gives uploads (platform/uploads): a UUID, maybe -thumb, .webp. Anything else is not ours. */
export const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.webp$/

/** The stored name behind an upload URL, or undefined for a URL that is not an upload. */
export function uploadName(url: string): string | undefined {
  const name = url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : ''
  return UPLOAD_NAME.test(name) ? name : undefined
}

/** The SDK is loaded only when a bucket is configured: it adds most of a second to every start. */
export async function createStorage(config: AppConfig): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir)
  const { createS3Storage } = await import('./storage-s3')
  return createS3Storage(config.s3)
}

export function createLocalStorage(dataDir: string): FileStorage {
  const root = resolve(join(dataDir, 'uploads'))
  // Made at start: the static file server needs the folder before the first upload.
  mkdirSync(root, { recursive: true })
  const pathOf = (name: string) => {
    if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`)
    return join(root, name)
  }
  return {
    kind: 'local',
    localRoot: root,
    async put(name, data) {
      await writeFile(pathOf(name), data)
      return `${UPLOADS_PREFIX}${name}`
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return undefined
      try {
        const info = await stat(pathOf(name))
        return {
          body: await readFile(pathOf(name)),
          contentType: 'image/webp',
          etag: `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`,
          bytes: info.size,
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true })
    },
  }
}
