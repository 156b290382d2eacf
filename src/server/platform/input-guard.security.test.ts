import { describe, expect, it } from 'vitest'
import { users } from '../db/schema'
import { multipartFile, setUpTestApp } from '../test/harness'
import { containsInvalidCharacters } from './input-guard'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

const json = { 'content-type': 'application/json', origin: 'http://localhost:3000' }
const signUp = {
  name: 'Nimal',
  email: 'nimal@test.ahara.lk',
  password: 'secret-pass-1',
  confirmPassword: 'secret-pass-1',
  location: 'Colombo 07',
  district: 'Colombo',
  role: 'recipient',
  agreeToTerms: true,
}

const userCount = () => ctx.app.services.db.$count(users)

describe('invalid characters', () => {
  it.each([
    ['a NUL', 'Nimal\u0000'],
    ['a lone high surrogate', 'Nimal\uD800'],
    ['a lone low surrogate', '\uDC00Nimal'],
  ])('refuses %s in a JSON body with 400 and saves nothing', async (_, name) => {
    const before = await userCount()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: json,
      payload: JSON.stringify({ ...signUp, name }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      key: 'errors.invalidCharacters',
      message: 'The text contains characters that cannot be saved. Please remove them and try again.',
    })
    expect(await userCount()).toBe(before)
  })

  it('refuses a NUL in an object key, nested in a list', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: json,
      payload: JSON.stringify({ ...signUp, extra: [{ ok: 1 }, { 'a\u0000': 1 }] }),
    })
    expect(res.json().error.key).toBe('errors.invalidCharacters')
  })

  it.each([
    '/api/listings?q=rice%00',
    '/api/listings?city=%00',
    '/api/listings/abc%00def',
    '/api/events?unknown=%00',
    '/api/auth/get-session?x=%00',
  ])('refuses a NUL in the query or path: %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: ctx.donor.cookie } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.key).toBe('errors.invalidCharacters')
  })

  it('keeps pairs of surrogates (emoji) and ordinary Sinhala and Tamil text', () => {
    expect(containsInvalidCharacters({ name: 'රසවත් බත් 🍛', city: 'யாழ்ப்பாணம்' })).toBe(false)
    expect(containsInvalidCharacters(['ok', { deep: [['\uDBFF']] }])).toBe(true)
  })
})

describe('a body that is not a JSON object', () => {
  it.each([
    ['/api/users', 'null'],
    ['/api/users', '[]'],
    ['/api/users', '"text"'],
    ['/api/password-resets/complete', 'null'],
    ['/api/password-resets/complete', '7'],
  ])('POST %s with %s answers 400', async (url, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: json, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'bad_request', key: 'errors.bodyNotObject' })
  })

  it.each([
    ['broken JSON', '{"code": '],
    ['an empty JSON body', ''],
  ])("answers %s with 400 and a key of our catalog, not the framework's English", async (_, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { ...json, cookie: ctx.donor.cookie },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      key: 'errors.invalidJson',
      message: 'The request is not valid JSON.',
    })
  })

  it('refuses a multipart form on a JSON route with 400', async () => {
    const file = multipartFile(Buffer.from('hello'), 'a.txt', 'text/plain', 'name')
    for (const url of ['/api/users', '/api/password-resets/complete', '/api/listings']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...file.headers, origin: 'http://localhost:3000', cookie: ctx.donor.cookie },
        payload: file.payload,
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error.key).toBe('errors.bodyNotObject')
    }
  })

  it('still answers who may call the route first', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/listings', headers: json, payload: 'null' })
    expect(res.statusCode).toBe(401)
  })
})
