import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimBody } from '../test/bodies'
import { insertListing } from '../test/fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser } from '../test/users'
import {
  Counters,
  MemoryCounterStore,
  SIGN_IN_BUDGETS,
  STREAM_CAPS,
  WRITE_BUDGETS,
  writeKindOf,
} from './limits'

const signInFrom = (
  app: TestApp,
  forwardedFor: string | undefined,
  email = 'someone@example.lk',
  password = 'wrong-password',
) =>
  app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password },
  })

const randomAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`

describe('per-address limits behind proxies (TRUST_PROXY)', () => {
  it('off by default: a rotating X-Forwarded-For does not escape the limit', async () => {
    const app = await createTestApp({ AUTH_RATE_LIMIT: '3' })
    try {
      // Failures on a real account: made-up e-mails do not spend an address's budget (0059).
      const { email } = await createUser(app)
      for (let i = 0; i < 3; i++) expect((await signInFrom(app, randomAddress(), email)).statusCode).toBe(401)
      const blocked = await signInFrom(app, randomAddress(), email)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.headers['retry-after']).toBeDefined()
    } finally {
      await app.teardown()
    }
  })

  it.each([
    ['a hop count', '1'],
    ['the proxy’s address', '127.0.0.1'],
    ['the proxy’s network', '127.0.0.0/8'],
  ])('with %s, the address the proxy saw counts, whatever the client puts before it', async (_, setting) => {
    const app = await createTestApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: setting })
    try {
      const client = '198.51.100.7'
      const { email } = await createUser(app)
      for (let i = 0; i < 3; i++) {
        expect((await signInFrom(app, `${randomAddress()}, ${client}`, email)).statusCode).toBe(401)
      }
      expect((await signInFrom(app, `${randomAddress()}, ${client}`, email)).statusCode).toBe(429)
      // Another client behind the same proxy has its own budget.
      expect((await signInFrom(app, '198.51.100.8', email)).statusCode).toBe(401)
    } finally {
      await app.teardown()
    }
  })
})

describe('per-account and per-user budgets', () => {
  let app: TestApp
  beforeAll(async () => {
    // Real budgets; fair use (at most 3 open orders) loosened, or it would answer before the budget.
    app = await createTestApp(
      {
        AUTH_RATE_LIMIT: '10000',
        TRUST_PROXY: '1',
        FAIR_USE_MAX_OPEN_ORDERS: '1000',
        FAIR_USE_MAX_DAILY_FREE_PORTIONS: '1000',
      },
      undefined,
      { realLimits: true },
    )
  })
  afterAll(() => app.teardown())

  it('slows guessing one account’s password from many addresses after 10 failures, other accounts untouched', async () => {
    const user = await createUser(app)
    const other = await createUser(app)
    for (let i = 0; i < SIGN_IN_BUDGETS.perAccount.max; i++) {
      expect((await signInFrom(app, `198.51.100.${i + 1}`, user.email.toUpperCase())).statusCode).toBe(401)
    }
    const delayed = await signInFrom(app, '198.51.100.200', user.email, user.password)
    expect(delayed.statusCode).toBe(429)
    expect(delayed.json().error.key).toBe('errors.signInSlowedDown')
    expect((await signInFrom(app, '198.51.100.201', other.email, other.password)).statusCode).toBe(200)
  })

  it('sends at most 5 reset mails an hour to one e-mail address, whether or not it has an account', async () => {
    for (const email of ['reset-limit@example.lk', (await createUser(app)).email]) {
      const ask = (i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/password-resets',
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          payload: { email },
        })
      for (let i = 0; i < 5; i++) expect((await ask(i)).statusCode).toBe(202)
      const blocked = await ask(9)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().error.key).toBe('errors.tooManyResetMails')
    }
  })

  it('limits a user’s new orders to the orders budget an hour; other users are not affected', async () => {
    const donor = await createUser(app, { role: 'donor' })
    const greedy = await createUser(app)
    const other = await createUser(app)
    const listing = await insertListing(app, donor.id, { quantity: 200, initialQuantity: 200 })
    const claim = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/claims`,
        headers: { cookie },
        payload: claimBody(),
      })
    for (let i = 0; i < WRITE_BUDGETS.orders.max; i++)
      expect((await claim(greedy.cookie)).statusCode).toBe(201)
    const blocked = await claim(greedy.cookie)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.message).toBe(
      'You have done this many times in a short while. Please wait a little and try again.',
    )
    expect((await claim(other.cookie)).statusCode).toBe(201)
  })

  it('caps live-update streams per user, and how fast an address opens them, not how many it holds', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const user = await createUser(app)
    const open: http.ClientRequest[] = []
    const stream = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/stream', headers }, (res) => {
          resolve(res.statusCode ?? 0)
          res.resume()
        })
        req.on('error', reject)
        open.push(req)
      })
    try {
      for (let i = 0; i < STREAM_CAPS.perUser; i++) expect(await stream({ cookie: user.cookie })).toBe(200)
      expect(await stream({ cookie: user.cookie })).toBe(429)
      // Phones behind one carrier address each hold theirs: far more than the old cap of 100 stay open.
      const anonymous = STREAM_CAPS.perAddress.max - STREAM_CAPS.perUser - 1
      for (let i = 0; i < anonymous; i++) expect(await stream({})).toBe(200)
      expect(app.services.realtime.clientCount()).toBe(STREAM_CAPS.perAddress.max - 1)
      expect(await stream({})).toBe(429)
    } finally {
      for (const req of open) req.destroy()
    }
  })
})

describe('write budgets', () => {
  it.each([
    ['/api/listings/:id/claims', 'orders'],
    ['/api/listings/:id/food-requests', 'orders'],
    ['/api/listings/:id/deliveries', 'orders'],
    ['/api/claims/:id/approve', 'orderSteps'],
    ['/api/deliveries/:id/pick-up', 'orderSteps'],
    ['/api/listings', 'listings'],
    ['/api/uploads', 'uploads'],
    ['/api/stories/:id/like', 'stories'],
    ['/api/events/:id/attendees', 'events'],
    ['/api/notifications/read-all', 'notifications'],
    ['/api/me', 'other'],
  ])('%s spends the %s budget', (url, kind) => {
    expect(writeKindOf(url)).toBe(kind)
  })

  it('counts in fixed windows that reset', async () => {
    let now = 0
    const counters = new Counters(new MemoryCounterStore(() => now))
    const budget = { max: 2, windowMs: 1000 }
    await counters.spend('k', budget)
    await counters.spend('k', budget)
    await expect(counters.spend('k', budget)).rejects.toThrow()
    now = 1000
    await expect(counters.spend('k', budget)).resolves.toBeUndefined()
  })
})
