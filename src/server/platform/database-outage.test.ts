import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser, type TestUser } from '../test/users'
import { isDatabaseUnavailable } from './errors'

/** During a database outage an answer is 503 with Retry-After, never 500 (the outside test's finding). */
describe('a database outage', () => {
  let app: TestApp
  let user: TestUser
  beforeAll(async () => {
    app = await createTestApp()
    user = await createUser(app)
  })
  afterAll(() => app.teardown())

  it.each([
    [
      'refused connections',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a dropped connection, wrapped by Drizzle',
      new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
    ],
    ['a closed PGlite', new Error('PGlite is closed')],
  ])('answers a write 503 with Retry-After for %s', async (_, failure) => {
    const spy = vi.spyOn(app.services.db, 'update').mockImplementation(() => {
      throw failure
    })
    try {
      const res = await app.request('PATCH', '/api/me', user, { location: 'Kandy' })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toEqual({
        error: {
          code: 'unavailable',
          key: 'errors.databaseUnavailable',
          message: 'The database is not reachable.',
        },
      })
    } finally {
      spy.mockRestore()
    }
  })

  it('keeps a real bug a 500', async () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
  })
})

describe('a database that goes away while the app runs', () => {
  it('answers 503 with Retry-After, on this database kind', async () => {
    const app = await createTestApp()
    const user = await createUser(app)
    const closeForGood = app.database.close.bind(app.database)
    try {
      // The database goes: PGlite is closed, PostgreSQL's pool ended (as after a failover).
      await app.database.close()
      const res = await app.request('PATCH', '/api/me', user, { location: 'Kandy' })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      // A reset request (signed out, its mail sent by a job) and a sign-in link are writes too: a
      // 202 whose mail never went would leave the owner waiting for nothing.
      for (const url of ['/api/password-resets', '/api/sign-in-links']) {
        const asked = await app.inject({ method: 'POST', url, payload: { email: user.email } })
        expect(asked.statusCode, `${url}: ${asked.body}`).toBe(503)
        expect(asked.headers['retry-after']).toBe('5')
      }
    } finally {
      app.database.close = async () => {}
      await app.close().catch(() => {})
      await closeForGood().catch(() => {})
    }
  })
})
