import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOidc } from '../test/fake-oidc'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser } from '../test/users'
import { isAllowedAuthRoute } from './auth'

/** better-auth's endpoints as it declares them (Google's plugin included), with their methods. */
function betterAuthRoutes(app: TestApp): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = []
  for (const endpoint of Object.values(app.services.auth.api) as {
    path?: string
    options?: { method?: string | string[] }
  }[]) {
    if (!endpoint.path) continue
    const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m) => m !== '*')
    const url = `/api/auth${endpoint.path.replace(/:[a-zA-Z]+/g, 'google')}`
    for (const method of methods.length > 0 ? methods : ['GET', 'POST']) routes.push({ method, url })
  }
  return routes
}

describe.each([
  ['TRUST_PROXY on', { TRUST_PROXY: '1' }],
  ['TRUST_PROXY off', {}],
] as const)('better-auth’s own routes, %s', (_, env) => {
  let app: TestApp
  let oidc: Awaited<ReturnType<typeof startFakeOidc>>
  beforeAll(async () => {
    oidc = await startFakeOidc({ sub: 'g-1', email: 'g@gmail.example', name: 'G', picture: '' })
    app = await createTestApp(
      {
        ...env,
        GOOGLE_CLIENT_ID: 'ahara-test-client',
        GOOGLE_CLIENT_SECRET: 'ahara-test-secret',
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      },
      undefined,
      { realLimits: true, signUpAnswerMs: 0 },
    )
  })
  afterAll(async () => {
    await app.teardown()
    await oidc.close()
  })

  it('answers 404 to every route the app does not use, signed in or not', async () => {
    const user = await createUser(app)
    const routes = betterAuthRoutes(app)
    // The walk covers the password checks the outside test found, and more.
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/auth/verify-password',
        '/api/auth/change-password',
        '/api/auth/sign-in/email',
        '/api/auth/update-user',
        '/api/auth/delete-user',
      ]),
    )
    const open: string[] = []
    for (const { method, url } of routes) {
      if (isAllowedAuthRoute(method, url)) {
        open.push(`${method} ${url}`)
        continue
      }
      for (const cookie of [undefined, user.cookie]) {
        const res = await app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'GET'
            ? {}
            : { payload: { password: user.password, currentPassword: user.password } }),
        })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().error.code).toBe('not_found')
      }
    }
    expect(open.sort()).toEqual([
      'GET /api/auth/callback/google',
      'GET /api/auth/error',
      'POST /api/auth/callback/google',
      'POST /api/auth/sign-in/social',
    ])
  })

  it('is no password oracle: 12 guesses at verify-password with a session get no answer', async () => {
    const user = await createUser(app)
    const answers = new Set<number>()
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-password',
        headers: { cookie: user.cookie, 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { password: i === 11 ? user.password : `guess-${i}` },
      })
      answers.add(res.statusCode)
    }
    expect([...answers]).toEqual([404])
  })

  it('limits Google sign-in per address like sign-in (AUTH_RATE_LIMIT × 30 a minute)', async () => {
    const limited = await createTestApp(
      {
        ...env,
        AUTH_RATE_LIMIT: '1',
        GOOGLE_CLIENT_ID: 'ahara-test-client',
        GOOGLE_CLIENT_SECRET: 'ahara-test-secret',
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      },
      undefined,
      { realLimits: true },
    )
    try {
      const start = (forwardedFor: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { provider: 'google', callbackURL: '/auth' },
        })
      const statuses: number[] = []
      // A client rotating X-Forwarded-For is one address when the proxy is not trusted, and with a
      // trusted proxy the last hop counts: the same client address either way.
      for (let i = 0; i < 31; i++) statuses.push((await start(`203.0.113.${i + 1}, 198.51.100.9`)).statusCode)
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
      expect(statuses[30]).toBe(429)
    } finally {
      await limited.teardown()
    }
  })
})
