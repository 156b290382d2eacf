/**
 * How big a listing photo may be: the server stores it at this long side at most, and the browser
 * shrinks a phone photo to it before the upload (docs/decisions/0035-photos-shrunk-in-the-browser.md).
 */
export const IMAGE_MAX_SIDE = 1600

/**
 * The picture of a listing without photos, served with the web app. The listing page's first picture
 * is its largest paint: the server names it in the page's HTML so that it loads at once.
 */
export const PLACEHOLDER_IMAGE = '/images/food-placeholder.svg'

/** The side of the square thumbnail the server cuts from every photo (`-thumb.webp`), for lists. */
export const THUMBNAIL_SIDE = 480

/**
 * What one photo may weigh when the browser sends it: a few hundred bytes under 500 KB, so that the
 * whole request, with its multipart envelope, stays under 500 KB.
 */
export const UPLOAD_TARGET_BYTES = 499_000

/** Encoder qualities tried one after another until the photo weighs UPLOAD_TARGET_BYTES or less. */
export const UPLOAD_QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4] as const

export type Size = { width: number; height: number }

/**
 * The size that keeps the aspect ratio and puts the long side at `maxSide` or less; never larger
 * than the original, at least 1 px a side. Null for a size that is not a picture's.
 */
export function fitWithin(width: number, height: number, maxSide: number): Size | null {
  const valid = (n: number) => Number.isFinite(n) && n > 0
  if (!valid(width) || !valid(height) || !valid(maxSide)) return null
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * Whether a photo of this size and weight should be re-encoded before the upload, and at what size:
 * null when it is already small enough on both counts (re-encoding would only lose quality).
 */
export function shrinkTarget(width: number, height: number, bytes: number): Size | null {
  const target = fitWithin(width, height, IMAGE_MAX_SIDE)
  if (!target) return null
  const smaller = target.width < width || target.height < height
  return smaller || bytes > UPLOAD_TARGET_BYTES ? target : null
}
