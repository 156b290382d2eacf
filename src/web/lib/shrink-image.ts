import { shrinkTarget, UPLOAD_QUALITIES, UPLOAD_TARGET_BYTES } from '../../shared/image-sizing'

type Canvas = OffscreenCanvas | HTMLCanvasElement

/**
 * One photo at a time: a decoded 12-megapixel photo takes some 48 MB, and three chosen at once
 * would take a cheap phone's tab down.
 */
let queue: Promise<unknown> = Promise.resolve()

/**
 * A phone photo made ready for a slow network: turned upright, at most IMAGE_MAX_SIDE on its long
 * side, encoded as WebP (JPEG where the browser cannot write WebP) at about 0.8, lower step by step
 * while it weighs more than UPLOAD_TARGET_BYTES. The original comes back when the browser cannot
 * decode it or when it is already the lighter file: the server checks and re-encodes every upload
 * anyway (docs/decisions/0035-photos-shrunk-in-the-browser.md). A photo whose upload was cancelled
 * while it waited its turn comes back as it is, unshrunk.
 */
export function shrinkImage(file: File, signal?: AbortSignal): Promise<File> {
  const shrunk = queue.then(() => (signal?.aborted ? file : shrinkNow(file)))
  queue = shrunk.catch(() => undefined)
  return shrunk
}

async function shrinkNow(file: File): Promise<File> {
  let bitmap: ImageBitmap
  try {
    // 'from-image' applies the EXIF orientation: the pixels come out upright, without the EXIF.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return file
  }
  try {
    const target = shrinkTarget(bitmap.width, bitmap.height, file.size)
    if (!target) return file
    const canvas = drawn(bitmap, target.width, target.height)
    if (!canvas) return file
    let type = 'image/webp'
    let smallest: Blob | null = null
    for (const quality of UPLOAD_QUALITIES) {
      let blob = await encode(canvas, type, quality)
      // A browser that cannot write WebP answers PNG: JPEG from then on.
      if (blob && blob.type !== type && type === 'image/webp') {
        type = 'image/jpeg'
        blob = await encode(canvas, type, quality)
      }
      if (!blob || blob.type !== type) break
      if (!smallest || blob.size < smallest.size) smallest = blob
      if (blob.size <= UPLOAD_TARGET_BYTES) break
    }
    if (!smallest || smallest.size >= file.size) return file
    return new File([smallest], renamed(file.name, type), { type, lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    bitmap.close()
  }
}

function drawn(bitmap: ImageBitmap, width: number, height: number): Canvas | null {
  const canvas: Canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height })
  const context = canvas.getContext('2d') as
    | OffscreenCanvasRenderingContext2D
    | CanvasRenderingContext2D
    | null
  if (!context) return null
  // White under a transparent PNG: JPEG has no transparency and would show it black.
  context.fillStyle = '#fff'
  context.fillRect(0, 0, width, height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  return canvas
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality })
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

/** The original's name with the extension of what the file now holds. */
function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo'
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`
}
