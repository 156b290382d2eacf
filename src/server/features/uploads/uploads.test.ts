import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { multipartFile, setUpTestApp } from '../../test/harness'
import { IMAGE_PIPELINES, imagePipelines } from './service'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

const photoWithGps = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c2410c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Cheap Phone 3' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 55/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '79/1 51/1 0/1',
      },
    })
    .toBuffer()

const upload = (data: Buffer, cookie?: string, filename?: string, type?: string) => {
  const { payload, headers } = multipartFile(data, filename, type)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })
}

describe('POST /api/uploads', () => {
  it('stores a resized WebP and a thumbnail, without the EXIF GPS position', async () => {
    const original = await photoWithGps()
    expect((await sharp(original).metadata()).exif).toBeDefined()

    const res = await upload(original, ctx.donor.cookie)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ width: 1600, height: 1200 })
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/)

    const stored = readFileSync(join(ctx.app.dataDir, body.url))
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false)

    const served = await ctx.app.inject({ method: 'GET', url: body.thumbnailUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toContain('max-age=31536000')
    expect((await sharp(served.rawPayload).metadata()).width).toBe(480)
  })

  it('refuses a text file renamed to .jpg', async () => {
    const res = await upload(
      Buffer.from('just some text pretending to be a photo'),
      ctx.donor.cookie,
      'fake.jpg',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(
      'Failed to upload image: only PNG, JPG, GIF or WebP images are accepted.',
    )
  })

  it('refuses a file over 10 MB with 413', async () => {
    const res = await upload(Buffer.alloc(11 * 1024 * 1024, 1), ctx.donor.cookie)
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('payload_too_large')
  })

  it('refuses a decompression bomb', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const res = await upload(bomb, ctx.donor.cookie, 'bomb.png', 'image/png')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.key).toBe('uploads.errors.tooManyPixels')
  })

  it('queues a burst of uploads: never more than IMAGE_PIPELINES images at once, and all stored', async () => {
    const photo = await photoWithGps()
    let peakActive = 0
    let peakWaiting = 0
    const sampler = setInterval(() => {
      peakActive = Math.max(peakActive, imagePipelines.active)
      peakWaiting = Math.max(peakWaiting, imagePipelines.waiting)
    }, 1)
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(photo, ctx.donor.cookie)))
    clearInterval(sampler)
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((a) => a.json().url)).size).toBe(8)
    expect(peakActive).toBeGreaterThan(0)
    expect(peakActive).toBeLessThanOrEqual(IMAGE_PIPELINES)
    expect(peakWaiting).toBeGreaterThan(0)
    expect(imagePipelines.active).toBe(0)
  })

  it('refuses signed-out visitors with its message', async () => {
    const res = await upload(await photoWithGps())
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('You must be logged in to upload images')
  })

  it.each([
    [
      'cut off before its closing boundary',
      'multipart/form-data; boundary=b1',
      `--b1\r\n${FILE_HEAD}\r\n\r\nabc`,
    ],
    ['without a boundary', 'multipart/form-data', `--b1\r\n${FILE_HEAD}\r\n\r\nabc\r\n--b1--\r\n`],
    ['with part headers that never end', 'multipart/form-data; boundary=b1', `--b1\r\n${FILE_HEAD}`],
    ['with nothing but noise', 'multipart/form-data; boundary=b1', 'x'.repeat(200)],
    ['with an empty body', 'multipart/form-data; boundary=b1', ''],
  ])('refuses a multipart body %s with 400 and the usual error shape', async (_, contentType, body) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body,
      headers: { 'content-type': contentType, cookie: ctx.donor.cookie },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({
      error: { code: 'bad_request', key: 'uploads.errors.noFile', message: expect.any(String) },
    })
  })
})

const FILE_HEAD = 'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg'
