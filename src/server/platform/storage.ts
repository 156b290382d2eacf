import { mkdirSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible bucket can implement
 * the same interface (put returns the public URL) without touching the features.
 */
export type FileStorage = {
  put(name: string, data: Buffer, contentType: string): Promise<string>
  remove(name: string): Promise<void>
  /** Set when files are served by this server: the folder behind `/uploads/`. */
  localRoot?: string
}

export const UPLOADS_PREFIX = '/uploads/'

export function createLocalStorage(dataDir: string): FileStorage {
  const root = resolve(join(dataDir, 'uploads'))
  // Made at start: the static file server needs the folder before the first upload.
  mkdirSync(root, { recursive: true })
  return {
    localRoot: root,
    async put(name, data) {
      await writeFile(join(root, name), data)
      return `${UPLOADS_PREFIX}${name}`
    },
    async remove(name) {
      await rm(join(root, name), { force: true })
    },
  }
}
