/**
 * What a file store is, shared by the local folder (storage.ts) and the bucket (storage-s3.ts), so
 * neither imports the other.
 */
import type { Readable } from 'node:stream'

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
