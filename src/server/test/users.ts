import { randomBytes } from 'node:crypto'
import { and, desc, eq, like, sql } from 'drizzle-orm'
import type { App } from '../app'
import { mailOutbox, users } from '../db/schema'

let userCounter = 0

export type TestUser = { id: string; email: string; name: string; password: string; cookie: string }

/** Signs a new user up through the API and signs them in; cookie goes in the `cookie` header. */
export async function createUser(
  app: App,
  overrides: Partial<{
    role: 'donor' | 'recipient' | 'volunteer'
    district: string
    location: string
    name: string
    email: string
    donorType: string
    phone: string
    /**
     * A volunteer starts verified, as a moderator would have made them, unless false (a volunteer
     * waiting for verification; docs/decisions/0038-trust-ratings-fair-use.md).
     */
    verified: boolean
    /** A recipient signing up for an organisation (pending until a moderator verifies it). */
    organisation: Record<string, unknown>
    /** Opens the verification link mailed at sign-up, as its owner would (docs/decisions/0057-proved-email-and-sign-in-links.md). */
    verifyEmail: boolean
    /** The network address signing up and in (tests of per-address limits make many users). */
    address: string
  }> = {},
): Promise<TestUser> {
  userCounter += 1
  const email = overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@test.ahara.lk`
  const password = 'secret-pass-1'
  const name = overrides.name ?? `Test User ${userCounter}`
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/users',
    ...(overrides.address ? { remoteAddress: overrides.address } : {}),
    payload: {
      name,
      email,
      password,
      confirmPassword: password,
      location: overrides.location ?? 'Colombo 07',
      district: overrides.district ?? 'Colombo',
      phone: overrides.phone ?? '0771234567',
      role: overrides.role ?? 'recipient',
      ...(overrides.donorType ? { donorType: overrides.donorType } : {}),
      ...(overrides.organisation ? { organisation: overrides.organisation } : {}),
      agreeToTerms: true,
    },
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  if (overrides.verifyEmail) await openVerificationLink(app, email)
  if (overrides.role === 'volunteer' && overrides.verified !== false) {
    await app.services.db
      .update(users)
      .set({ isVerified: true })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  }
  return { ...(await signIn(app, email, password, overrides.address)), name, password }
}

/** The token of the newest link of `path` (/verify-email, /sign-in-link) mailed to `email`. */
export async function mailedToken(app: App, email: string, path: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [mail] = await app.services.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, `%${path}?token=%`)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    if (mail) return new URL(mail.text.match(/https?:\/\/\S+\?token=\S+/)![0]).searchParams.get('token')!
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${path} link mailed to ${email}`)
}

/** Opens the e-mail verification link mailed to `email`. */
export async function openVerificationLink(app: App, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/email-verifications/confirm',
    payload: { token: await mailedToken(app, email, '/verify-email') },
  })
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.body}`)
}

export async function signIn(
  app: App,
  email: string,
  password: string,
  address?: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sessions',
    ...(address ? { remoteAddress: address } : {}),
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`)
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return { id: res.json().id, email, cookie }
}
