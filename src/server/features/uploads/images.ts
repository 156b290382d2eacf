import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import sharp, { type Metadata, type OutputInfo } from 'sharp'
import { IMAGE_MAX_SIDE, THUMBNAIL_SIDE } from '../../../shared/image-sizing'
import type { Upload } from '../../../shared/schemas/uploads'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { uploads } from '../../db/schema'
import { badRequest } from '../../platform/errors'
import { ownRows } from '../../platform/personal-data'
import { type FileStorage, uploadName } from '../../platform/storage'
import { createWorkQueue } from '../../platform/work-queue'

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp'])
/** 40 megapixels: above this a small file is a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 40_000_000
/**
 * Decoding a 40-megapixel photo takes some 120 MB: a burst of uploads waits here, two images at a
 * time (one per core), instead of decoding all at once and doubling the server's memory.
 */
export const IMAGE_PIPELINES = 2
export const imagePipelines = createWorkQueue(IMAGE_PIPELINES)
// One libvips thread per pipeline, and no cache of decoded images kept between uploads.
sharp.concurrency(1)
sharp.cache(false)

/**
 * Checks the real content, strips every metadata block (a phone photo carries its GPS position),
 * stores a resized WebP and a WebP thumbnail, and records the owner.
 */
export async function storeImage(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  data: Buffer,
): Promise<Upload> {
  // Reading the header only is cheap; the pixel count is checked before any decoding.
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw badRequest('uploads.errors.notAnImage')
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw badRequest('uploads.errors.notAnImage')
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw badRequest('uploads.errors.tooManyPixels')
  }

  const { image, thumbnail } = await imagePipelines.run(() => convert(data))

  const id = randomUUID()
  const url = await storage.put(`${id}.webp`, image.data, 'image/webp')
  const thumbnailUrl = await storage.put(`${id}-thumb.webp`, thumbnail, 'image/webp')
  await db.insert(uploads).values({
    id,
    ownerId,
    url,
    thumbnailUrl,
    width: image.info.width,
    height: image.info.height,
    bytes: image.data.length,
  })
  return { id, url, thumbnailUrl, width: image.info.width, height: image.info.height }
}

/**
 * The stored image (at most IMAGE_MAX_SIDE) and its thumbnail. The original is decoded once; the
 * thumbnail is cut from the resized image, which is far smaller.
 */
async function convert(
  data: Buffer,
): Promise<{ image: { data: Buffer; info: OutputInfo }; thumbnail: Buffer }> {
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const resized = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: resized.info }
    const [image, thumbnail] = await Promise.all([
      sharp(resized.data, raw).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      sharp(resized.data, raw)
        .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
        .webp({ quality: 72 })
        .toBuffer(),
    ])
    return { image, thumbnail }
  } catch (error) {
    const message = (error as Error).message
    if (/pixel limit/i.test(message)) throw badRequest('uploads.errors.tooManyPixels')
    throw badRequest('uploads.errors.unreadable')
  }
}

/** Refuses image URLs the user did not upload (a listing cannot borrow someone else's file). */
export async function assertOwnUploads(
  db: Database,
  ownerId: string,
  urls: readonly string[],
): Promise<void> {
  if (urls.length === 0) return
  const rows = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.url, [...urls])))
  const owned = new Set(rows.map((r) => r.url))
  if (urls.some((url) => !owned.has(url))) throw badRequest('uploads.errors.notYours')
}

/**
 * Deletes every file a user uploaded and their records (erasing an account): the files first, so a
 * failure leaves records that a retry can still find. Answers how many uploads were removed.
 */
export async function removeUploadsOf(db: Database, storage: FileStorage, ownerId: string): Promise<number> {
  const rows = await db.select().from(uploads).where(eq(uploads.ownerId, ownerId))
  for (const row of rows) {
    for (const url of [row.url, row.thumbnailUrl]) {
      const name = uploadName(url)
      if (name) await storage.remove(name)
    }
  }
  if (rows.length > 0) await db.delete(uploads).where(eq(uploads.ownerId, ownerId))
  return rows.length
}

/** The user's uploaded images, by URL (docs/decisions/0039-own-data.md). */
export async function uploadsExport(db: Database, ownerId: string) {
  return ownRows(
    db,
    uploads,
    columnsOf(uploads, 'url', 'thumbnailUrl', 'width', 'height', 'bytes', 'createdAt'),
    { column: uploads.ownerId, id: ownerId },
    desc(uploads.createdAt),
  )
}

/** The thumbnail URL of a stored image URL (same name with -thumb). */
export function thumbnailOf(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp')
}
