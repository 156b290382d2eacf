import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A concrete URL for a route pattern: ids that exist nowhere, better-auth's sign-out for its wildcard. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'no-such-id').replace('*', 'sign-out')

let app: TestApp
let production: TestApp
beforeAll(async () => {
  app = await createTestApp()
  production = await createTestApp({ NODE_ENV: 'production' })
})
afterAll(async () => {
  await app.teardown()
  await production.teardown()
})

describe('the Origin check (cross-site request forgery)', () => {
  it('refuses every state-changing route, ours and better-auth’s, from another site or from nowhere', async () => {
    const routes = production.routes.filter((r) => MUTATING.has(r.method))
    expect(routes.length).toBeGreaterThan(25)
    const foreign: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/ahara-lookalike' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'http://127.0.0.1:5173' },
    ]
    const refusedCount = { total: 0 }
    for (const route of routes) {
      for (const headers of foreign) {
        const res = await production.injectWithoutOrigin({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
        })
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403)
        expect(res.json().error.key).toBe('errors.crossOrigin')
        refusedCount.total += 1
      }
      const own = await production.injectWithoutOrigin({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        payload: '{}',
      })
      expect(own.statusCode, `${route.method} ${route.url} from the app`).not.toBe(403)
    }
    expect(refusedCount.total).toBe(routes.length * foreign.length)
  })

  const signInFrom = (target: TestApp, headers: Record<string, string>) =>
    target.injectWithoutOrigin({
      method: 'POST',
      url: '/api/sessions',
      headers,
      payload: { email: 'nobody@example.lk', password: 'wrong-password' },
    })

  it('accepts the app’s own Referer when a browser sends no Origin, and leaves reads alone', async () => {
    expect((await signInFrom(production, { referer: 'http://localhost:3000/auth' })).statusCode).toBe(401)
    const read = await production.injectWithoutOrigin({ method: 'GET', url: '/api/me' })
    expect(read.statusCode).toBe(401)
  })

  it('in demo mode (loopback only) accepts any loopback origin, such as Vite’s dev server', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:5173', 'http://[::1]:3000']) {
      expect((await signInFrom(app, { origin })).statusCode, origin).toBe(401)
    }
    expect((await signInFrom(app, { origin: 'http://evil.example' })).statusCode).toBe(403)
  })
})

describe('body types', () => {
  it.each([
    ['text/plain', 'email=a@b.lk'],
    ['application/x-www-form-urlencoded', 'email=a%40b.lk&password=x'],
    ['application/xml', '<sign-in/>'],
  ])('refuses %s with 415 and changes nothing', async (contentType, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { 'content-type': contentType },
      payload,
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Ahara accepts data as JSON or as a file upload only.',
    })
  })
})
