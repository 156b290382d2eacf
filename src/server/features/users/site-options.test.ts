import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({
    SOCIAL_FACEBOOK_URL: 'https://facebook.com/ahara.lk',
    SOCIAL_INSTAGRAM_URL: 'https://instagram.com/ahara.lk',
  })
})
afterAll(() => app.teardown())

it('answers the configured social links for the footer, null for the unset one', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/auth-options' })
  expect(res.json().social).toEqual({
    facebook: 'https://facebook.com/ahara.lk',
    instagram: 'https://instagram.com/ahara.lk',
    twitter: null,
  })
})

it("answers the map's tiles and their credit from MAP_TILES_URL", async () => {
  const own = await createTestApp({ MAP_TILES_URL: 'http://127.0.0.1:4100/{z}/{x}/{y}.png' })
  try {
    const res = await own.inject({ method: 'GET', url: '/api/auth-options' })
    expect(res.json().mapTiles).toEqual({
      url: 'http://127.0.0.1:4100/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:4100/)
  } finally {
    await own.teardown()
  }
})
