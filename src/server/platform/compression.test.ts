import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressFolder } from '../../../scripts/vite/precompress'
import { insertListing } from '../test/fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser } from '../test/users'

/** Bigger than the 1 KB below which nothing is compressed. */
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}]\n`
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Ahara connects donors." />
    <title>Ahara — share food, not waste</title>
    <script type="module" src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div>${'<!-- padding to pass 1 KB -->'.repeat(40)}</body>
</html>`

let app: TestApp
let webDir: string
let listingId: string

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
  mkdirSync(join(webDir, 'assets'))
  writeFileSync(join(webDir, 'index.html'), INDEX)
  writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT)
  await precompressFolder(webDir)
  app = await createTestApp({}, webDir)
  const donor = await createUser(app, { role: 'donor' })
  for (let i = 0; i < 6; i++) {
    const listing = await insertListing(app, donor.id, {
      title: `Rice and curry ${i}`,
      description: 'Rice, dhal, beans and a fish curry, cooked this morning.'.repeat(3),
    })
    listingId = listing.id
  }
})
afterAll(async () => {
  await app.teardown()
  rmSync(webDir, { recursive: true, force: true })
})

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

describe('built assets', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('are sent precompressed to a browser that accepts %s', async (acceptEncoding, encoding) => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': acceptEncoding },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(decoded(encoding, res.rawPayload)).toBe(SCRIPT)
  })

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.body).toBe(SCRIPT)
  })
})

describe('HTML', () => {
  it('of the app is revalidated at every visit, and compressed', async () => {
    const res = await app.inject({ method: 'GET', url: '/find-food', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-encoding']).toBe('br')
    expect(decoded('br', res.rawPayload)).toBe(INDEX)
  })

  it("of a listing's page is revalidated at every visit, and compressed", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/listings/${listingId}`,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(decoded('gzip', res.rawPayload)).toContain('<title>Rice and curry 5 · Ahara</title>')
  })
})

describe('JSON', () => {
  it('over 1 KB is compressed for a client that accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/listings',
      headers: { 'accept-encoding': 'br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    const body = JSON.parse(decoded('br', res.rawPayload)) as { items: unknown[] }
    expect(body.items).toHaveLength(6)
  })

  it('over 1 KB is sent as it is to a client that accepts no encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/listings' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json().items).toHaveLength(6)
  })

  it('under 1 KB is sent as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toMatchObject({ status: 'ok' })
  })
})
