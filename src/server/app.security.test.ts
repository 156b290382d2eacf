import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FOOD_CATEGORIES } from '../shared/reference-data'
import { listingBody } from './test/bodies'
import { uploadImage } from './test/fixtures'
import { createTestApp, type TestApp } from './test/harness'
import { createUser } from './test/users'

/** A built web app of two assets and a source map. */
function fakeWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ahara</title>')
  writeFileSync(
    join(dir, 'assets', 'index-abc123.js'),
    'console.log(1)\n//# sourceMappingURL=index-abc123.js.map',
  )
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/web/main.tsx"]}')
  return dir
}

let webDir: string
let production: TestApp
let demo: TestApp
beforeAll(async () => {
  webDir = fakeWebDir()
  production = await createTestApp({ NODE_ENV: 'production' }, webDir, { newInstall: true })
  demo = await createTestApp({ NODE_ENV: 'development' }, webDir)
})
afterAll(async () => {
  await production.teardown()
  await demo.teardown()
  rmSync(webDir, { recursive: true, force: true })
})

describe('production', () => {
  it('has no dev mailbox, whatever the mail setting', async () => {
    expect((await production.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404)
    expect((await production.inject({ method: 'GET', url: '/api/auth-options' })).json().devMailbox).toBe(
      false,
    )
  })

  it('serves no API docs unless API_DOCS=1', async () => {
    expect((await production.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404)
    expect((await production.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404)
    const withDocs = await createTestApp({ NODE_ENV: 'production', API_DOCS: '1' })
    try {
      expect((await withDocs.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200)
    } finally {
      await withDocs.teardown()
    }
  })

  it('serves the code but not its source maps', async () => {
    expect((await production.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200)
    const map = await production.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })
    expect(map.statusCode).toBe(404)
    expect(map.body).not.toContain('sources')
    expect((await demo.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200)
  })

  it("sends a Permissions-Policy and allows images from itself and the map's tiles only", async () => {
    const page = await production.inject({ method: 'GET', url: '/' })
    expect(page.headers['permissions-policy']).toContain('camera=(self)')
    expect(page.headers['permissions-policy']).toContain('microphone=()')
    expect(page.headers['permissions-policy']).toContain('geolocation=(self)')
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'))
    expect(imgSrc?.trim()).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org")
  })

  it('a new install has the categories, and a donor can post', async () => {
    const categories = (await production.inject({ method: 'GET', url: '/api/categories' })).json()
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(FOOD_CATEGORIES.map((c) => c.slug))
    const donor = await createUser(production, { role: 'donor' })
    const image = await uploadImage(production, donor)
    const posted = await production.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: donor.cookie },
      // Not prepared meals: the fixture's food carries no cooked-food clock.
      payload: listingBody(categories.find((c: { slug: string }) => c.slug !== 'prepared-meals').id, image, {
        title: 'Kiribath',
        description: 'Milk rice for twenty.',
        quantity: 20,
      }),
    })
    expect(posted.statusCode, posted.body).toBe(201)
  })
})

describe('demo mode', () => {
  it('has the dev mailbox for the person at this machine', async () => {
    expect((await demo.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200)
    expect((await demo.inject({ method: 'GET', url: '/api/auth-options' })).json().devMailbox).toBe(true)
  })
})
