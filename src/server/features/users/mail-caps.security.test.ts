import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '../../db/schema'
import { DEVICE_COOKIE } from '../../platform/sign-in-guard'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/users'

/**
 * Mails a stranger can make the server send, with the real budgets (issue 37): none floods an inbox,
 * and none used up by a stranger keeps the owner from their own resets or sign-in links
 * (docs/decisions/0057-proved-email-and-sign-in-links.md).
 */

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({}, undefined, { realLimits: true })
})
afterAll(() => app.teardown())

const mailsTo = async (email: string, textLike: string) =>
  app.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, textLike)))

const post = (url: string, payload?: object, cookie?: string) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })

/** Just the device cookie a sign-in left, as the browser sends it to /api (signed out). */
const deviceOf = (cookie: string) => cookie.split('; ').find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!

describe('"You already have an account" mails', () => {
  it('go to an address at most once an hour, however often someone signs up with it', async () => {
    const owner = await createUser(app)
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/users', {
        name: 'Someone Else',
        email: owner.email,
        password: 'another-pass-9',
        confirmPassword: 'another-pass-9',
        location: 'Galle',
        district: 'Galle',
        role: 'recipient',
        agreeToTerms: true,
      })
      expect(res.statusCode).toBe(201)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await mailsTo(owner.email, '%tried to create a new Ahara account%')).toHaveLength(1)
  })
})

describe('verification links sent again', () => {
  it('go at most 3 an hour, then 429 with the reason', async () => {
    const user = await createUser(app)
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/email-verifications', undefined, user.cookie)).statusCode).toBe(202)
    }
    const refused = await post('/api/email-verifications', undefined, user.cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json().error.key).toBe('errors.tooManyVerificationMails')
    // The sign-up's own mail and the three asked for.
    expect(await mailsTo(user.email, '%/verify-email?token=%')).toHaveLength(4)
  })
})

describe('sign-in links', () => {
  it('go at most 3 an hour to an account; a stranger using them up never stops the owner’s known device', async () => {
    const owner = await createUser(app)
    for (let i = 0; i < 3; i++)
      expect((await post('/api/sign-in-links', { email: owner.email })).statusCode).toBe(202)
    const refused = await post('/api/sign-in-links', { email: owner.email })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.key).toBe('errors.tooManySignInLinks')
    // An unknown address is refused the same way: the answer tells nothing.
    for (let i = 0; i < 3; i++) await post('/api/sign-in-links', { email: 'nobody-x@test.ahara.lk' })
    expect((await post('/api/sign-in-links', { email: 'nobody-x@test.ahara.lk' })).statusCode).toBe(429)

    const fromOwnDevice = await post('/api/sign-in-links', { email: owner.email }, deviceOf(owner.cookie))
    expect(fromOwnDevice.statusCode).toBe(202)
    // The jobs mail after the answers: the four links arrive, and no fifth.
    await vi.waitFor(
      async () => expect(await mailsTo(owner.email, '%/sign-in-link?token=%')).toHaveLength(4),
      {
        timeout: 20_000,
        interval: 200,
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await mailsTo(owner.email, '%/sign-in-link?token=%')).toHaveLength(4)
  })
})

describe('password resets', () => {
  it('a stranger’s requests never block the owner’s, signed in or on a device the account used', async () => {
    const owner = await createUser(app)
    for (let i = 0; i < 5; i++)
      expect((await post('/api/password-resets', { email: owner.email })).statusCode).toBe(202)
    const stranger = await post('/api/password-resets', { email: owner.email })
    expect(stranger.statusCode).toBe(429)
    expect(stranger.json().error.key).toBe('errors.tooManyResetMails')

    expect((await post('/api/password-resets', { email: owner.email }, owner.cookie)).statusCode).toBe(202)
    expect(
      (await post('/api/password-resets', { email: owner.email }, deviceOf(owner.cookie))).statusCode,
    ).toBe(202)
    // Another account's device or session is a stranger here.
    const other = await createUser(app)
    expect((await post('/api/password-resets', { email: owner.email }, other.cookie)).statusCode).toBe(429)
  })
})
