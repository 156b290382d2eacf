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
