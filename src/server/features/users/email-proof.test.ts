import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { verifications } from '../../db/schema'
import { DEVICE_COOKIE } from '../../platform/sign-in-guard'
import { createTestApp, type TestApp } from '../../test/harness'
import { startTestSmtp, type TestSmtp } from '../../test/smtp'
import { createUser, signIn } from '../../test/users'

/**
 * Proving the mailbox (docs/decisions/0057-proved-email-and-sign-in-links.md), the links read from
 * what a real SMTP peer received.
 */

let smtp: TestSmtp
let app: TestApp

/** A one-part message's headers and its text, its transfer encoding undone. */
function decoded(raw: string): string {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  const body = raw.slice(split + 4)
  if (/content-transfer-encoding: base64/i.test(headers))
    return `${headers}\n\n${Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')}`
  if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`
  }
  return raw
}

/** The mails the SMTP peer received, their text decoded. */
const received = () => smtp.received.map((mail) => ({ to: mail.to, text: decoded(mail.raw) }))

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await createTestApp({ SMTP_URL: smtp.url })
}, 120_000)

afterAll(async () => {
  await app.teardown()
  await smtp.close()
})

/** The newest mail to `email` over SMTP holding a link to `path`, and the link's token. */
async function mailedLink(email: string, path: string) {
  return vi.waitFor(
    () => {
      const mail = received()
        .filter((m) => m.to.includes(email) && m.text.includes(`${path}?token=`))
        .at(-1)
      expect(mail, `a ${path} mail to ${email}`).toBeDefined()
      const link = mail!.text.match(new RegExp(`http://localhost:3000${path}\\?token=[\\w-]+`))![0]
      return { mail: mail!, link, token: new URL(link).searchParams.get('token')! }
    },
    { timeout: 30_000, interval: 100 },
  )
}

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
const confirm = (token: string) =>
  app.inject({ method: 'POST', url: '/api/email-verifications/confirm', payload: { token } })

describe('e-mail verification', () => {
  it('mails a link at sign-up that proves the address once', async () => {
    const user = await createUser(app, { role: 'donor' })
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: false })
    const { mail, token } = await mailedLink(user.email, '/verify-email')
    expect(mail.text).toContain('Subject: Confirm your e-mail address for Ahara')
    expect(mail.text).toContain('within 24 hours')

    const done = await confirm(token)
    expect(done.statusCode, done.body).toBe(200)
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: true })
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toBe(
      'This link is not valid or has already been used. Please ask for a new one.',
    )
  })

  it('writes the mail in the reader’s language', async () => {
    const email = `si-${Date.now()}@test.ahara.lk`
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Nimal',
        email,
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        location: 'Kandy',
        district: 'Kandy',
        role: 'recipient',
        language: 'si',
        agreeToTerms: true,
      },
    })
    expect(res.statusCode).toBe(201)
    const { mail } = await mailedLink(email, '/verify-email')
    expect(mail.text).toContain('ආයුබෝවන් Nimal')
    expect(mail.text).toContain('පැය 24ක්')
  })

  it('refuses a link older than 24 hours, and one for an address the account no longer has', async () => {
    const user = await createUser(app)
    const { token } = await mailedLink(user.email, '/verify-email')
    const identifier = `email-verification:${createHash('sha256').update(token).digest('base64url')}`
    await app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, identifier))
    const expired = await confirm(token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().error.message).toBe('This link has expired. Please ask for a new one.')
    expect((await me(user.cookie)).json().emailVerified).toBe(false)
  })

  it('sends the link again on request, and says so once proved', async () => {
    const user = await createUser(app)
    const first = await mailedLink(user.email, '/verify-email')
    const resend = await app.inject({
      method: 'POST',
      url: '/api/email-verifications',
      headers: { cookie: user.cookie },
    })
    expect(resend.statusCode).toBe(202)
    const second = await vi.waitFor(async () => {
      const link = await mailedLink(user.email, '/verify-email')
      expect(link.token).not.toBe(first.token)
      return link
    })
    expect((await confirm(second.token)).statusCode).toBe(200)
    // Proving it spent every other link of the address.
    expect((await confirm(first.token)).statusCode).toBe(400)
    const proved = await app.inject({
      method: 'POST',
      url: '/api/email-verifications',
      headers: { cookie: user.cookie },
    })
    expect(proved.statusCode).toBe(409)
    expect(proved.json().error.message).toBe('Your e-mail address is already confirmed.')
    expect((await app.inject({ method: 'POST', url: '/api/email-verifications' })).statusCode).toBe(401)
  })

  it('refuses a token of the wrong shape with the link’s words', async () => {
    const res = await confirm('')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.token.key).toBe('auth.errors.linkInvalid')
  })
})

describe('sign-in links', () => {
  const ask = (email: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sign-in-links',
      payload: { email },
      headers: cookie ? { cookie } : {},
    })
  const use = (token: string) =>
    app.inject({ method: 'POST', url: '/api/sign-in-links/confirm', payload: { token } })

  it('mails an existing account a link that signs this device in once and makes it known', async () => {
    const user = await createUser(app, { role: 'volunteer' })
    const res = await ask(user.email.toUpperCase())
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ ok: true })
    const { mail, token } = await mailedLink(user.email, '/sign-in-link')
    expect(mail.text).toContain('Subject: Your Ahara sign-in link')
    expect(mail.text).toContain('within 15 minutes')

    const signedIn = await use(token)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json()).toMatchObject({ email: user.email, emailVerified: true })
    const session = signedIn.cookies
      .filter((c) => c.name !== DEVICE_COOKIE && c.value)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
    expect((await me(session)).json()).toMatchObject({ id: user.id })
    // The device cookie now names this account: its sign-in is a known device's.
    const device = signedIn.cookies.find((c) => c.name === DEVICE_COOKIE && c.value)
    expect(device).toMatchObject({ path: '/api', httpOnly: true })

    const reused = await use(token)
    expect(reused.statusCode).toBe(400)
    expect(reused.json().error.key).toBe('auth.errors.linkInvalid')
  })

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const before = received().length
    const res = await ask('nobody-at-all@test.ahara.lk')
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ ok: true })
    // A request after it is mailed: the job of the unknown address has run by then.
    const user = await createUser(app)
    const known = await ask(user.email)
    expect([known.statusCode, known.body]).toEqual([res.statusCode, res.body])
    await mailedLink(user.email, '/sign-in-link')
    expect(
      received()
        .slice(before)
        .filter((m) => m.to.includes('nobody-at-all@test.ahara.lk')),
    ).toEqual([])
  })

  it('refuses a link after 15 minutes', async () => {
    const user = await createUser(app)
    await ask(user.email)
    const { token } = await mailedLink(user.email, '/sign-in-link')
    const identifier = `sign-in-link:${createHash('sha256').update(token).digest('base64url')}`
    await app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, identifier))
    const res = await use(token)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.key).toBe('auth.errors.linkExpired')
    expect(res.cookies).toEqual([])
  })

  it('lets a signed-in user sign in again with the password', async () => {
    const user = await createUser(app)
    await ask(user.email)
    expect((await use((await mailedLink(user.email, '/sign-in-link')).token)).statusCode).toBe(200)
    expect((await signIn(app, user.email, user.password)).cookie).toBeTruthy()
  })
})
