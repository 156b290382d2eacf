import { and, desc, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, verifications } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

/** The newest reset mail to the address (sign-up also sends a welcome mail, at its own pace). */
async function waitForMailTo(email: string) {
  for (let i = 0; i < 50; i++) {
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, '%/reset-password?token=%')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no reset mail to ${email}`)
}

const tokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/password-resets', payload: { email } })
const completeReset = (token: string, password: string, confirmPassword = password) =>
  app.request('POST', '/api/password-resets/complete', null, { token, password, confirmPassword })

describe('password reset', () => {
  it('mails a link that sets a new password once', async () => {
    const user = await createUser(app)
    expect((await requestReset(user.email)).statusCode).toBe(202)
    const mail = await waitForMailTo(user.email)
    expect(mail.subject).toBe('Reset your Ahara password')
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=')
    const token = tokenOf(mail.text)

    const done = await completeReset(token, 'new-secret-7')
    expect(done.statusCode).toBe(200)
    const signIn = await app.request('POST', '/api/sessions', null, {
      email: user.email,
      password: 'new-secret-7',
    })
    expect(signIn.statusCode).toBe(200)
    const old = await app.request('POST', '/api/sessions', null, {
      email: user.email,
      password: user.password,
    })
    expect(old.statusCode).toBe(401)

    const reused = await completeReset(token, 'another-secret-8')
    expect(reused.statusCode).toBe(400)
    expect(reused.json().error.message).toBe(
      'This password reset link is not valid or has already been used. Please request a new one.',
    )
  })

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
    const res = await requestReset('nobody-here@example.lk')
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ ok: true })
    await new Promise((r) => setTimeout(r, 200))
    const after = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('refuses an expired link with its message', async () => {
    const user = await createUser(app)
    await requestReset(user.email)
    const token = tokenOf((await waitForMailTo(user.email)).text)
    await app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`))
    const res = await completeReset(token, 'new-secret-7')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Password reset link has expired. Please request a new one.')
  })

  it.each([
    ['new-secret-7', 'different-1', 'confirmPassword', 'Passwords do not match.'],
    ['abc', 'abc', 'password', 'Password must be at least 8 characters long.'],
    ['kiribat', 'kiribat', 'password', 'Password must be at least 8 characters long.'],
  ])('refuses %s / %s with the message by the field', async (password, confirm, field, message) => {
    const res = await completeReset('some-token', password, confirm)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
  })

  it('writes the mail in the user’s language', async () => {
    const user = await createUser(app)
    await app.request('PATCH', '/api/me', user, { language: 'ta' })
    await requestReset(user.email)
    const mail = await waitForMailTo(user.email)
    expect(mail.subject).toBe('உங்கள் ஆஹார கடவுச்சொல்லை மீட்டமைக்கவும்')
  })
})

describe('rate limits', () => {
  it('answers 429 with a clear message after too many wrong passwords for an account', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' })
    try {
      // Made-up e-mails do not spend the address's budget (docs/decisions/0059-limits-before-work.md):
      // the guesser here tries a real account.
      const { email } = await createUser(limited)
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/sessions',
          payload: { email, password: 'wrong-pass' },
        })
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401)
      const blocked = await attempt()
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().error.message).toBe('Too many attempts. Please wait a minute and try again.')
    } finally {
      await limited.teardown()
    }
  })
})
