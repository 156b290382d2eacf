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
