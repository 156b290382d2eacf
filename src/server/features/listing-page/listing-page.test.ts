import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_PHOTO_SLOT } from '../../../shared/page-data'
import { listings } from '../../db/schema'
import { FIRST_VISIT_FILE, type FirstVisit } from '../../platform/web-pages'
import { insertListing } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Ahara connects donors." />
    <title>Ahara — share food, not waste</title>
  </head>
  <body><div id="root"></div></body>
</html>`

/** The build's first screen of a listing page, as scripts/vite/first-visit.ts writes it. */
const FIRST_SCREEN = `<div id="first-screen"><a href="/find-food">Back</a><img src="${LISTING_PHOTO_SLOT}" alt=""></div>`
const WITH_FIRST_SCREEN = INDEX.replace('<div id="root"></div>', '<div id="root"><!--first-screen--></div>')

let app: TestApp
let webDir: string
let donorId: string

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
  writeFileSync(join(webDir, 'index.html'), INDEX)
  app = await createTestApp({}, webDir)
  donorId = (await createUser(app, { role: 'donor' })).id
})
afterAll(async () => {
  await app.teardown()
  rmSync(webDir, { recursive: true, force: true })
})

/** The content of a meta tag by property or name, as a crawler reads it (entities decoded). */
function meta(html: string, key: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))
  return match?.[1]
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

describe('GET /listings/:id', () => {
  it("paints the listing's photo with the HTML, in the first screen, while its food is on offer", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
    writeFileSync(join(dir, 'index.html'), WITH_FIRST_SCREEN)
    mkdirSync(join(dir, '.vite'))
    const firstVisit: FirstVisit = {
      routes: [{ path: '/listings/:id', scripts: {}, firstScreen: { en: FIRST_SCREEN, si: FIRST_SCREEN } }],
    }
    writeFileSync(join(dir, FIRST_VISIT_FILE), JSON.stringify(firstVisit))
    const withScreens = await createTestApp({}, dir)
    try {
      const donor = await createUser(withScreens, { role: 'donor' })
      const listing = await insertListing(withScreens, donor.id, { imageUrls: ['/uploads/kottu.webp'] })
      const page = (await withScreens.inject({ method: 'GET', url: `/listings/${listing.id}` })).body
      expect(page).toContain('<img src="/uploads/kottu.webp" alt="">')
      expect(page).not.toContain(LISTING_PHOTO_SLOT)

      // Taken food's photo is dimmed on the page: no first screen rather than a bright one.
      await withScreens.services.db
        .update(listings)
        .set({ status: 'claimed' })
        .where(eq(listings.id, listing.id))
      const taken = (await withScreens.inject({ method: 'GET', url: `/listings/${listing.id}` })).body
      expect(taken).toContain('<div id="root"><!--first-screen--></div>')
      expect(taken).not.toContain(LISTING_PHOTO_SLOT)

      const unknown = await withScreens.inject({ method: 'GET', url: '/listings/not-a-listing' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.body).not.toContain(LISTING_PHOTO_SLOT)
    } finally {
      await withScreens.teardown()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("puts the listing's title, description, first image and canonical URL into the HTML", async () => {
    const listing = await insertListing(app, donorId, {
      title: 'Kottu for 10',
      description: 'Chicken kottu,\n cooked at noon.',
      imageUrls: ['/uploads/first.webp', '/uploads/second.webp'],
    })
    const res = await app.inject({ method: 'GET', url: `/listings/${listing.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const html = res.body
    const url = `http://localhost:3000/listings/${listing.id}`
    expect(html).toContain('<title>Kottu for 10 · Ahara</title>')
    expect(meta(html, 'description')).toBe('Chicken kottu, cooked at noon.')
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(meta(html, 'og:title')).toBe('Kottu for 10 · Ahara')
    expect(meta(html, 'og:description')).toBe('Chicken kottu, cooked at noon.')
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/uploads/first.webp')
    expect(meta(html, 'og:url')).toBe(url)
    expect(meta(html, 'og:type')).toBe('website')
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    expect(html).toContain(`<link rel="canonical" href="${url}" />`)
    expect(html).toContain('<div id="root"></div>')
    // The page's largest paint, fetched while the app loads.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/first.webp" />',
    )
  })

  it('writes the listing as a signed-out reader gets it from the API into the page', async () => {
    const listing = await insertListing(app, donorId, { title: 'Kiribath </script><script>alert(1)//' })
    const html = (await app.inject({ method: 'GET', url: `/listings/${listing.id}` })).body
    const block = html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/)
    expect(block).not.toBeNull()
    const fromApi = await app.inject({ method: 'GET', url: `/api/listings/${listing.id}` })
    expect(JSON.parse(block![1]!)).toEqual(fromApi.json())
    expect(fromApi.json().pickupAddress).toBeFalsy()
  })

  it('escapes what the donor wrote, so it stays text', async () => {
    const title = `"><script>alert('x')</script> & $& rice`
    const listing = await insertListing(app, donorId, { title, description: '<b>bold</b> "quoted"' })
    const html = (await app.inject({ method: 'GET', url: `/listings/${listing.id}` })).body
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
    expect(meta(html, 'og:title')).toBe(`${title} · Ahara`)
    expect(meta(html, 'og:description')).toBe('<b>bold</b> "quoted"')
    expect(html).toContain(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; rice · Ahara</title>',
    )
  })

  it('shortens a long description and leaves the image out when there is none', async () => {
    const listing = await insertListing(app, donorId, { description: 'rice '.repeat(100), imageUrls: [] })
    const html = (await app.inject({ method: 'GET', url: `/listings/${listing.id}` })).body
    expect(meta(html, 'og:description')!.length).toBeLessThanOrEqual(200)
    expect(meta(html, 'og:description')!.endsWith('…')).toBe(true)
    expect(meta(html, 'og:image')).toBeUndefined()
    expect(meta(html, 'twitter:card')).toBe('summary')
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/food-placeholder.svg" />',
    )
  })

  it('answers the app unchanged with 404 for an unknown, malformed or overlong id, never a 500', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      '12',
      'not-a-listing',
      '%27%3Cscript%3E',
      'x'.repeat(100),
    ]) {
      const res = await app.inject({ method: 'GET', url: `/listings/${id}` })
      expect(res.statusCode, id).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toBe(INDEX)
    }
  })
})
