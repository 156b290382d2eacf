import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Amaya Silva',
  email: `amaya-${Math.random().toString(36).slice(2)}@example.lk`,
  password: 'kiribath1',
  confirmPassword: 'kiribath1',
  location: 'Nugegoda',
  district: 'Colombo',
  phone: '0771112233',
  role: 'donor',
  donorType: 'restaurant',
  agreeToTerms: true,
  ...overrides,
})

describe('sign-up', () => {
  it('creates the account and its unverified profile in one step', async () => {
    const body = signUpBody()
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: body })
    expect(res.statusCode).toBe(201)
    const signIn = await app.request('POST', '/api/sessions', null, {
      email: body.email,
      password: body.password,
    })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json()).toMatchObject({
      name: 'Amaya Silva',
      email: body.email,
      role: 'donor',
      donorType: 'restaurant',
      district: 'Colombo',
      location: 'Nugegoda',
      phone: '+94771112233',
      isVerified: false,
      avatarUrl: null,
    })
  })

  it.each([
    [{ confirmPassword: 'other-pass' }, 'confirmPassword', 'Passwords do not match.'],
    [{ password: 'abc', confirmPassword: 'abc' }, 'password', 'Password must be at least 8 characters long.'],
    [
      { password: 'kiribat', confirmPassword: 'kiribat' },
      'password',
      'Password must be at least 8 characters long.',
    ],
    [{ name: '  ' }, 'name', 'Please enter your name.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address.'],
    [{ location: '' }, 'location', 'Please enter your location.'],
    [{ district: 'Atlantis' }, 'district', 'Please choose your district.'],
    [{ role: 'admin' }, 'role', 'Please choose how you will use Ahara.'],
    [{ agreeToTerms: false }, 'agreeToTerms', 'Please agree to the Terms of Service and Privacy Policy.'],
    [{ role: 'recipient', donorType: 'hotel' }, 'donorType', 'Please choose a donor type from the list.'],
  ])('refuses %j with the message by the field', async (overrides, field, message) => {
    const body = signUpBody(overrides)
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: body })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
    const signIn = await app.request('POST', '/api/sessions', null, {
      email: body.email,
      password: body.password,
    })
    expect(signIn.statusCode).not.toBe(200)
  })

  it('answers a second sign-up with a taken e-mail like a new one, and keeps the first account', async () => {
    const body = signUpBody()
    const first = await app.inject({ method: 'POST', url: '/api/users', payload: body })
    const again = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...body,
        email: body.email.toUpperCase(),
        password: 'another-pass',
        confirmPassword: 'another-pass',
      },
    })
    expect(again.statusCode).toBe(first.statusCode)
    expect(again.body).toBe(first.body)
    const signIn = (password: string) =>
      app.inject({ method: 'POST', url: '/api/sessions', payload: { email: body.email, password } })
    expect((await signIn(body.password)).statusCode).toBe(200)
    expect((await signIn('another-pass')).statusCode).toBe(401)
  })

  it('does not expose better-auth sign-up, which skips the checks', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: signUpBody() })
    expect(res.statusCode).toBe(404)
  })
})

describe('sign-in and session', () => {
  it('gives the same message for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(app)
    const wrong = await app.request('POST', '/api/sessions', null, {
      email: user.email,
      password: 'nope-nope',
    })
    const unknown = await app.request('POST', '/api/sessions', null, {
      email: 'ghost@example.lk',
      password: 'nope-nope',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('Invalid email or password')
    expect(unknown.json().error).toEqual(wrong.json().error)
  })

  it('keeps the session in an httpOnly cookie and ends it on sign-out', async () => {
    const user = await createUser(app, { role: 'volunteer' })
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })
    expect(me.statusCode).toBe(200)
    expect(me.json().role).toBe('volunteer')
    const out = await app.request('DELETE', '/api/sessions/current', user)
    expect(out.statusCode).toBe(204)
    const after = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('answers /api/me with 401 when signed out', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me' })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })
})
