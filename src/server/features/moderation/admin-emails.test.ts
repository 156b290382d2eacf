import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { moderationLog, users } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, openVerificationLink } from '../../test/users'

const apps: TestApp[] = []
afterAll(async () => {
  // The second app shares the first one's database: close it first.
  for (const app of apps.reverse()) await app.teardown()
})

const roleChanges = (app: TestApp, userId: string) =>
  app.services.db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.targetId, userId), eq(moderationLog.action, 'role_changed')))

// Each test starts apps of its own: slower than a shared app on a busy machine.
describe('ADMIN_EMAILS', { timeout: 90_000 }, () => {
  it('makes an account a moderator once its owner proves the address, in the audit log', async () => {
    const app = await createTestApp({ ADMIN_EMAILS: ' Head@Temple.lk , ops@ahara.lk' })
    apps.push(app)
    // Whoever signs up first with a listed address is no moderator by it (issue 37).
    const admin = await createUser(app, { role: 'donor', email: 'head@temple.lk' })
    const me = () => app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie } })
    expect((await me()).json()).toMatchObject({ role: 'donor', emailVerified: false })
    const reports = () =>
      app.inject({ method: 'GET', url: '/api/moderation/reports', headers: { cookie: admin.cookie } })
    expect((await reports()).statusCode).toBe(403)
    expect(await roleChanges(app, admin.id)).toEqual([])

    await openVerificationLink(app, 'head@temple.lk')
    expect((await me()).json()).toMatchObject({ role: 'moderator', emailVerified: true })
    expect((await reports()).statusCode).toBe(200)
    const [entry] = await roleChanges(app, admin.id)
    expect(entry).toMatchObject({
      actorId: null,
      reason: 'ADMIN_EMAILS',
      details: { from: 'donor', to: 'moderator' },
    })

    const other = await createUser(app, { role: 'donor', verifyEmail: true })
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other.cookie } })).json().role,
    ).toBe('donor')
    expect(await roleChanges(app, other.id)).toEqual([])
  })

  it('makes an existing account a moderator at start once its address is proved, once', async () => {
    const first = await createTestApp()
    apps.push(first)
    const existing = await createUser(first, { role: 'recipient', email: 'priest@temple.lk' })
    const restart = async () => {
      const app = await createTestApp({ ADMIN_EMAILS: 'priest@temple.lk' }, undefined, {
        sharedDatabase: first.database,
      })
      apps.push(app)
      // Each test app signs its own cookies: read the role from the database.
      const [row] = await app.services.db.select().from(users).where(eq(users.id, existing.id))
      return row?.role
    }
    expect(await restart()).toBe('recipient')
    await openVerificationLink(first, 'priest@temple.lk')
    expect(await restart()).toBe('moderator')
    expect(await restart()).toBe('moderator')
    expect(await roleChanges(first, existing.id)).toHaveLength(1)
  })

  it('refuses a start with something that is not an e-mail', async () => {
    await expect(createTestApp({ ADMIN_EMAILS: 'head@temple.lk, not-an-email' })).rejects.toThrow(
      /ADMIN_EMAILS.*must be e-mail addresses separated by commas/s,
    )
  })
})
