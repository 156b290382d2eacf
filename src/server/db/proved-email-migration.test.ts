import { readdirSync, readFileSync } from 'node:fs'
import { and, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { setUpTestApp } from '../test/harness'
import { moderationLog, users } from './schema'

/**
 * The data step of migration proved_email (docs/decisions/0057-proved-email-and-sign-in-links.md):
 * a moderator only ADMIN_EMAILS made, whose address nobody proved, goes back to the role it had.
 */
const ctx = setUpTestApp({
  taken: { role: 'donor', email: 'head@temple.lk' },
  proved: { role: 'recipient', email: 'ops@ahara.lk' },
  named: { role: 'volunteer' },
})

const directory = new URL('./migrations/', import.meta.url)
const file = readdirSync(directory).find((name) => name.endsWith('_proved_email.sql'))!
const step = readFileSync(new URL(file, directory), 'utf8')

it('returns unproved ADMIN_EMAILS moderators to their role, and leaves proved and named ones', async () => {
  const { db } = ctx.app.services
  // As a start before 0057 left them: each made a moderator, two by ADMIN_EMAILS, one by the operator.
  const appoint = async (id: string, from: string, reason: string | null) => {
    await db.update(users).set({ role: 'moderator' }).where(eq(users.id, id))
    await db.insert(moderationLog).values({
      actorId: null,
      action: 'role_changed',
      targetType: 'user',
      targetId: id,
      reason,
      details: { from, to: 'moderator' },
    })
  }
  await appoint(ctx.taken.id, 'donor', 'ADMIN_EMAILS')
  await appoint(ctx.proved.id, 'recipient', 'ADMIN_EMAILS')
  await appoint(ctx.named.id, 'volunteer', null)
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, ctx.proved.id))

  await db.execute(sql.raw(step))

  const roleOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!.role
  expect(await roleOf(ctx.taken.id)).toBe('donor')
  expect(await roleOf(ctx.proved.id)).toBe('moderator')
  expect(await roleOf(ctx.named.id)).toBe('moderator')
  const entries = await db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.targetId, ctx.taken.id), eq(moderationLog.action, 'role_changed')))
  expect(entries.find((entry) => entry.reason !== 'ADMIN_EMAILS')).toMatchObject({
    actorId: null,
    reason: 'ADMIN_EMAILS: address not proved',
    details: { from: 'moderator', to: 'donor' },
  })
})
