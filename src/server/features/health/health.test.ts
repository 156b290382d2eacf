import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: app.database.kind })
  })
})

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers live and ready on a migrated database', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok' })
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: app.database.kind })
  })

  it('is not ready while the database lacks a migration this build ships', async () => {
    const [last] = (
      (await app.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json().error).toMatchObject({ code: 'unavailable', key: 'errors.migrationsPending' })
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)
    } finally {
      await app.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`,
      )
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200)
  })

  it('is not ready once draining on shutdown, and still live', async () => {
    const draining = await createTestApp()
    try {
      draining.services.lifecycle.drain()
      const ready = await draining.inject({ method: 'GET', url: '/api/health/ready' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json().error).toMatchObject({ code: 'unavailable', key: 'errors.shuttingDown' })
      expect((await draining.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)
    } finally {
      await draining.teardown()
    }
  })
})

describe('request ids', () => {
  it('answers with the X-Request-Id it was sent, when it is a safe one', async () => {
    const id = 'caddy-7f3a9c1e:01HZX/abc=+@.'
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': id } })
    expect(res.headers['x-request-id']).toBe(id)
  })

  it.each([
    ['too long', 'a'.repeat(201)],
    ['with spaces', 'id with spaces'],
    ['with a quote', 'id"'],
    ['with a tab', 'id\tforged'],
    ['with a backslash', 'id\\nforged'],
  ])('replaces an id %s with a new one', async (_case, id) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': id } })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives every request without one its own id, errors included', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health/live' })
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(missing.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
  })
})

describe('errors', () => {
  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'Not found.', key: 'errors.notFound' },
    })
  })

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('bad_request')
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/)
  })

  it('serves the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(res.json().paths['/api/health']).toBeDefined()
  })
})
