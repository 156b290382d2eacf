import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, verifications } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

/** The mails to an address with this subject, newest first, once there are `count` of them. */
async function mailsTo(email: string, subject: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)))
      .orderBy(desc(mailOutbox.createdAt))
    if (rows.length >= count) return rows
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`fewer than ${count} mails '${subject}' to ${email}`)
}

const RESET = 'Reset your Ahara password'
const tokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!
const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/password-resets', payload: { email } })
const completeReset = (token: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/password-resets/complete',
    payload: { token, password, confirmPassword: password },
  })

describe('sign-up does not tell who has an account', () => {
  const body = (email: string) => ({
    name: 'Amaya Silva',
    email,
    password: 'kiribath-1',
    confirmPassword: 'kiribath-1',
    location: 'Nugegoda',
    district: 'Colombo',
    role: 'recipient',
    agreeToTerms: true,
  })

  it('answers a taken e-mail exactly like a new one and tells the owner by e-mail', async () => {
    const owner = await createUser(app)
    const fresh = `new-${Date.now()}@example.lk`
    const created = await app.inject({ method: 'POST', url: '/api/users', payload: body(fresh) })
    const taken = await app.inject({ method: 'POST', url: '/api/users', payload: body(owner.email) })
    expect(taken.statusCode).toBe(created.statusCode)
    expect(taken.body).toBe(created.body)
    await mailsTo(fresh, 'Welcome to Ahara')
    const [exists] = await mailsTo(owner.email, 'You already have an Ahara account')
    expect(exists!.text).toContain('http://localhost:3000/forgot-password')
  })
})

describe('reset links', () => {
  it('a new link ends the older ones', async () => {
    const user = await createUser(app)
    await requestReset(user.email)
    const first = tokenOf((await mailsTo(user.email, RESET))[0]!.text)
    await requestReset(user.email)
    const second = tokenOf((await mailsTo(user.email, RESET, 2))[0]!.text)
    expect(second).not.toBe(first)
    const old = await completeReset(first, 'new-password-1')
    expect(old.statusCode).toBe(400)
    expect(old.json().error.key).toBe('auth.errors.resetLinkInvalid')
    expect((await completeReset(second, 'new-password-2')).statusCode).toBe(200)
  })

  it('a completed reset ends every other outstanding link of the user', async () => {
    const user = await createUser(app)
    await requestReset(user.email)
    const token = tokenOf((await mailsTo(user.email, RESET))[0]!.text)
    // Another link still outstanding (issued by another instance a moment ago, say).
    await app.database.db.insert(verifications).values({
      id: `extra-${Date.now()}`,
      identifier: 'reset-password:extra-outstanding-token',
      value: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    expect((await completeReset(token, 'new-password-3')).statusCode).toBe(200)
    const outstanding = await app.database.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.value, user.id), like(verifications.identifier, 'reset-password:%')))
    expect(outstanding).toEqual([])
    expect((await completeReset('extra-outstanding-token', 'new-password-4')).statusCode).toBe(400)
  })

  it('needs 8 characters for the new password', async () => {
    const res = await completeReset('any-token', 'seven77')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.password.message).toBe('Password must be at least 8 characters long.')
  })
})
