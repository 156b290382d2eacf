import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../db/schema'
import { removeUploadsOf } from '../features/uploads/service'
import { createTestApp, multipartFile, type TestApp } from '../test/harness'
import { startS3Server } from '../test/s3-server'
import { createUser } from '../test/users'
import { uploadName } from './storage'

type Backend = { label: string; env: Record<string, string>; stop(): Promise<void> }

const backends: [string, () => Promise<Backend>][] = [
  ['the local folder', async () => ({ label: 'local', env: {}, stop: async () => {} })],
  ['an S3-compatible bucket (s3rver)', async () => ({ label: 's3', ...(await startS3Server()) })],
]

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#15803d' } })
    .jpeg()
    .toBuffer()

// One body for both backends: what the features and the browser see must not depend on where files live.
describe.each(backends)('file storage contract: %s', (_name, start) => {
  let backend: Backend
  let app: TestApp

  beforeAll(async () => {
    backend = await start()
    app = await createTestApp(backend.env)
  })

  afterAll(async () => {
    await app?.teardown()
    await backend?.stop()
  })

  it('stores, reads back and deletes a file by name', async () => {
    const { storage } = app.services
    expect(storage.kind).toBe(backend.label)
    const name = `${randomUUID()}.webp`
    const data = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 contract')
    expect(await storage.put(name, data, 'image/webp')).toBe(`/uploads/${name}`)

    const file = await storage.get(name)
    expect(file).toMatchObject({ contentType: 'image/webp', etag: expect.stringMatching(/^".+"$/) })
    const body = Buffer.isBuffer(file!.body) ? file!.body : Buffer.concat(await file!.body.toArray())
    expect(body.equals(data)).toBe(true)

    await storage.remove(name)
    expect(await storage.get(name)).toBeUndefined()
    // Removing again is no error (an erased account's files may be half gone).
    await storage.remove(name)
  })

  it('knows nothing of names it never gave out', async () => {
    expect(await app.services.storage.get(`${randomUUID()}.webp`)).toBeUndefined()
    expect(await app.services.storage.get('../../etc/passwd')).toBeUndefined()
  })

  it('serves an upload at its URL with a year of caching and an ETag, then 404 once deleted', async () => {
    const user = await createUser(app, { role: 'donor' })
    const body = multipartFile(await photo())
    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    })
    expect(upload.statusCode).toBe(201)
    const { url, thumbnailUrl } = upload.json()
    expect(url).toMatch(/^\/uploads\/.+\.webp$/)

    for (const path of [url, thumbnailUrl]) {
      const served = await app.inject({ method: 'GET', url: path })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toContain('immutable')
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp')
      const etag = served.headers.etag as string
      expect(etag).toBeTruthy()
      const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
    }

    await app.services.storage.remove(uploadName(url)!)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  it("erasing a user's uploads deletes their files and records, and no one else's", async () => {
    const [leaving, staying] = [await createUser(app), await createUser(app)]
    const uploadAs = async (cookie: string) => {
      const body = multipartFile(await photo())
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      })
      return res.json() as { url: string; thumbnailUrl: string }
    }
    const gone = [await uploadAs(leaving.cookie), await uploadAs(leaving.cookie)]
    const kept = await uploadAs(staying.cookie)

    expect(await removeUploadsOf(app.services.db, app.services.storage, leaving.id)).toBe(2)
    for (const path of gone.flatMap((u) => [u.url, u.thumbnailUrl])) {
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    }
    expect(await app.services.db.select().from(uploads).where(eq(uploads.ownerId, leaving.id))).toEqual([])
    expect((await app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200)
  })
})

describe('uploads in a bucket with two instances', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>
  let first: TestApp
  let second: TestApp

  beforeAll(async () => {
    s3 = await startS3Server()
    // Separate data folders and databases: the bucket is all they share.
    first = await createTestApp(s3.env)
    second = await createTestApp(s3.env)
  })

  afterAll(async () => {
    await first?.teardown()
    await second?.teardown()
    await s3?.stop()
  })

  it('a photo uploaded through one instance is served by the other', async () => {
    const user = await createUser(first, { role: 'donor' })
    const body = multipartFile(await photo())
    const upload = await first.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    })
    expect(upload.statusCode).toBe(201)
    const served = await second.inject({ method: 'GET', url: upload.json().url })
    expect(served.statusCode).toBe(200)
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800)
  })

  it('answers 404 for a name that is not an upload', async () => {
    for (const path of [
      '/uploads/nothing.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `/uploads/${randomUUID()}.webp`,
    ]) {
      expect((await second.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    }
  })
})
