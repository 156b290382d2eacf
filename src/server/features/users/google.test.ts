import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOidc } from '../../test/fake-oidc'
import { createTestApp, type TestApp } from '../../test/harness'

let app: TestApp
let oidc: Awaited<ReturnType<typeof startFakeOidc>>

beforeAll(async () => {
  oidc = await startFakeOidc({
    sub: 'g-1001',
    email: 'ruwani@gmail.example',
    name: 'Ruwani Perera',
    picture: 'https://lh3.example/ruwani.png',
  })
  app = await createTestApp({
    GOOGLE_CLIENT_ID: 'ahara-test-client',
    GOOGLE_CLIENT_SECRET: 'ahara-test-secret',
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  })
})
afterAll(async () => {
  await app.teardown()
  await oidc.close()
})

/** Runs the redirect dance: our server -> provider -> our callback; returns the session cookie. */
async function signInWithGoogle(
  on: TestApp = app,
  callbackURL = '/auth',
): Promise<{ cookie: string; landing: string }> {
  const start = await on.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL, errorCallbackURL: callbackURL },
  })
  expect(start.statusCode).toBe(200)
  const stateCookies = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const authorize = await fetch(start.json().url, { redirect: 'manual' })
  expect(authorize.status).toBe(302)
  const callback = new URL(authorize.headers.get('location')!)
  expect(callback.pathname).toBe('/api/auth/callback/google')
  const done = await on.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: stateCookies },
  })
  expect(done.statusCode).toBe(302)
  const cookie = done.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return { cookie, landing: String(done.headers.location) }
}

describe('Google sign-in (against a local OpenID Connect provider)', () => {
  it('is offered only when configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth-options' })
    expect(res.json()).toMatchObject({ google: true })
  })

  it('creates a user without a role, who completes sign-up as a volunteer waiting for a moderator', async () => {
    const { cookie, landing } = await signInWithGoogle()
    expect(landing).toContain('/auth')
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      email: 'ruwani@gmail.example',
      name: 'Ruwani Perera',
      role: null,
      avatarUrl: 'https://lh3.example/ruwani.png',
      // Google vouched for the address (email_verified): no link to open.
      emailVerified: true,
    })
    const completeSignUp = (payload: object) =>
      app.request('POST', '/api/me/complete-sign-up', { cookie }, payload)

    const missing = await completeSignUp({ role: 'volunteer', location: '' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.message).toBe('Please select a role and provide your location.')

    const complete = await completeSignUp({ role: 'volunteer', location: 'Kandy town', district: 'Kandy' })
    expect(complete.statusCode).toBe(200)
    expect(complete.json()).toMatchObject({
      role: 'volunteer',
      isVerified: false,
      verification: 'pending',
      district: 'Kandy',
    })

    const again = await completeSignUp({ role: 'donor', location: 'Kandy town', district: 'Kandy' })
    expect(again.statusCode).toBe(409)
  })

  it('signs the same Google account in again without a second user, back to the page it came from', async () => {
    // The web app sends the sign-in page with its return path (src/web/lib/return-path.ts).
    const back = '/auth?next=%2Ffind-food%3Fclaim%3Dabc'
    const { cookie, landing } = await signInWithGoogle(app, back)
    expect(landing.endsWith(back)).toBe(true)
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(me.json()).toMatchObject({ email: 'ruwani@gmail.example', role: 'volunteer' })
  })

  it('leaves an address Google does not vouch for unproved, and ADMIN_EMAILS does not promote it', async () => {
    const listed = await createTestApp({
      GOOGLE_CLIENT_ID: 'ahara-test-client',
      GOOGLE_CLIENT_SECRET: 'ahara-test-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      ADMIN_EMAILS: 'head@temple.example,priest@temple.example',
    })
    try {
      for (const [sub, email, emailVerified, role] of [
        ['g-2001', 'head@temple.example', false, 'donor'],
        ['g-2002', 'priest@temple.example', true, 'moderator'],
      ] as const) {
        oidc.setUser({ sub, email, name: 'Head', emailVerified })
        const { cookie } = await signInWithGoogle(listed)
        const done = await listed.inject({
          method: 'POST',
          url: '/api/me/complete-sign-up',
          headers: { cookie },
          payload: { role: 'donor', location: 'Kandy town', district: 'Kandy' },
        })
        expect(done.json()).toMatchObject({ emailVerified, role })
      }
    } finally {
      await listed.teardown()
    }
  })
})
