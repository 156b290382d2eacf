import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertListing } from '../test/fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser } from '../test/users'
import { FIRST_SCREEN_MARKER, FIRST_VISIT_FILE, type FirstVisit } from './web-pages'

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Ahara — share food, not waste</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"><div class="skeleton"></div><!--first-screen--></div></body>
</html>`

const FIRST_VISIT: FirstVisit = {
  routes: [
    {
      path: '/',
      scripts: {
        en: ['/assets/HomePage-1.js', '/assets/_catalog_en_core-1.js'],
        si: ['/assets/HomePage-1.js', '/assets/_catalog_si_core-1.js'],
        ta: ['/assets/HomePage-1.js', '/assets/_catalog_ta_core-1.js'],
      },
      firstScreen: { en: '<main><h1>Share food</h1></main>', si: '<main><h1>ආහාර බෙදා ගන්න $&</h1></main>' },
    },
    { path: '/listings/:id', scripts: { en: ['/assets/ListingPage-1.js'] } },
  ],
}

let app: TestApp
let webDir: string

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ahara-web-'))
  writeFileSync(join(webDir, 'index.html'), INDEX)
  mkdirSync(join(webDir, '.vite'))
  writeFileSync(join(webDir, FIRST_VISIT_FILE), JSON.stringify(FIRST_VISIT))
  app = await createTestApp({}, webDir)
})
afterAll(async () => {
  await app.teardown()
  rmSync(webDir, { recursive: true, force: true })
})

/** The scripts a page's HTML asks the browser to fetch ahead, in order. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1]!,
  )
}

describe("a page's HTML names the scripts of its first visit", () => {
  it("in the browser's language, from Accept-Language", async () => {
    const english = await app.inject({ method: 'GET', url: '/' })
    expect(preloads(english.body)).toEqual(['/assets/HomePage-1.js', '/assets/_catalog_en_core-1.js'])
    const sinhala = await app.inject({
      method: 'GET',
      url: '/?from=mail',
      headers: { 'accept-language': 'en-US;q=0.5,si-LK' },
    })
    expect(preloads(sinhala.body)).toEqual(['/assets/HomePage-1.js', '/assets/_catalog_si_core-1.js'])
    expect(sinhala.headers.vary).toMatch(/accept-language/i)
    expect(sinhala.headers['cache-control']).toBe('no-cache')
    // Before </head>, so that the browser fetches them while it reads the page.
    expect(sinhala.body.indexOf('modulepreload')).toBeLessThan(sinhala.body.indexOf('</head>'))
  })

  it("with the page's top in the root element, in the browser's language", async () => {
    const english = await app.inject({ method: 'GET', url: '/?from=mail' })
    expect(english.body).toContain(
      '<div id="root"><div class="skeleton"></div><main><h1>Share food</h1></main></div>',
    )
    expect(english.body).toContain('<html lang="en">')
    const sinhala = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'si' } })
    // A `$&` in a text stays text.
    expect(sinhala.body).toContain('<main><h1>ආහාර බෙදා ගන්න $&</h1></main></div>')
    expect(sinhala.body).toContain('<html lang="si">')
  })

  it('leaves the root and the language alone when the page or the language has no first screen', async () => {
    const tamil = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ta' } })
    expect(tamil.body).toContain(`<div class="skeleton"></div>${FIRST_SCREEN_MARKER}</div>`)
    expect(tamil.body).toContain('<html lang="en">')
    const other = await app.inject({ method: 'GET', url: '/help' })
    expect(other.body).toContain(FIRST_SCREEN_MARKER)
    expect(other.body).not.toContain('<h1>')
  })

  it('from a rebuilt list without a restart', async () => {
    const file = join(webDir, FIRST_VISIT_FILE)
    const rebuilt: FirstVisit = { routes: [{ path: '/', scripts: { en: ['/assets/HomePage-2.js'] } }] }
    writeFileSync(file, JSON.stringify(rebuilt))
    // A build some seconds later: its file's time differs even where the clock is coarse.
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    try {
      const res = await app.inject({ method: 'GET', url: '/' })
      expect(preloads(res.body)).toEqual(['/assets/HomePage-2.js'])
    } finally {
      writeFileSync(file, JSON.stringify(FIRST_VISIT))
    }
    const res = await app.inject({ method: 'GET', url: '/' })
    expect(preloads(res.body)).toEqual(['/assets/HomePage-1.js', '/assets/_catalog_en_core-1.js'])
  })

  it('on the listing page too, beside its preview tags', async () => {
    const donor = await createUser(app, { role: 'donor' })
    const listing = await insertListing(app, donor.id, { title: 'Rice packets' })
    const res = await app.inject({ method: 'GET', url: `/listings/${listing.id}` })
    expect(res.statusCode).toBe(200)
    expect(preloads(res.body)).toEqual(['/assets/ListingPage-1.js'])
    expect(res.body).toContain('<title>Rice packets · Ahara</title>')
  })

  it('names nothing for a page the list does not know, and the app still loads', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page', headers: { 'accept-language': '*' } })
    expect(res.statusCode).toBe(200)
    expect(preloads(res.body)).toEqual([])
    expect(res.body).toContain('/assets/index-abc.js')
  })

  it("leaves the API's and the built files' unknown addresses to the not-found answer", async () => {
    for (const url of ['/api', '/api/no-such-thing', '/assets/gone-abc.js']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } })
    }
  })

  it('never takes a malformed address or header for a server error', async () => {
    for (const url of ['/listings/%E0%A4', '/%', '/find-food?q=%ZZ']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': ';;q=,,' } })
      expect(res.statusCode).toBeLessThan(500)
    }
  })
})
