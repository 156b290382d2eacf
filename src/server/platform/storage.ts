import { mkdirSync } from 'node:fs'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { AppConfig } from '../config'
import { type FileStorage, UPLOAD_NAME, UPLOADS_PREFIX } from './file-storage'

export { type FileStorage, UPLOADS_PREFIX, uploadName } from './file-storage'

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
