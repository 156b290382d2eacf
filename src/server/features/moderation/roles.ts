import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { users } from '../../db/schema'
import { recordAudit } from './audit'

/**
 * The operator's role change (`npm run admin -- set-role`): the new role and its audit entry, by the
 * operator (actor null), in one transaction. Null when no user has the e-mail.
 */
export async function changeRole(
  db: Database,
  email: string,
  role: Role,
): Promise<{ id: string; name: string; from: string | null } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columnsOf(users, 'id', 'name', 'role'))
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .for('update')
    if (!before) return null
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, before.id))
    await recordAudit(tx, {
      actorId: null,
      action: 'role_changed',
      targetType: 'user',
      targetId: before.id,
      details: { from: before.role, to: role },
    })
    return { id: before.id, name: before.name, from: before.role }
  })
}

/**
 * ADMIN_EMAILS: the accounts of these e-mails (lower-cased) become moderators, each change in the
 * audit log by the operator, so a new install names its first moderators without the command line
 * (docs/decisions/0054-organisations-and-their-limits.md). Only once the address is proved: whoever
 * signs up first with a listed address must not become a moderator by it
 * (docs/decisions/0057-proved-email-and-sign-in-links.md). Run at start and whenever an address is
 * proved; accounts that are moderators already are left alone. Answers how many changed.
 */
export async function appointAdministrators(db: Database, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0
  return db.transaction(async (tx) => {
    const appointed = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.email})`, [...adminEmails]),
          eq(users.emailVerified, true),
          or(isNull(users.role), ne(users.role, 'moderator')),
        ),
      )
      .for('update')
    for (const user of appointed) {
      await tx.update(users).set({ role: 'moderator', updatedAt: new Date() }).where(eq(users.id, user.id))
      await recordAudit(tx, {
        actorId: null,
        action: 'role_changed',
        targetType: 'user',
        targetId: user.id,
        reason: 'ADMIN_EMAILS',
        details: { from: user.role, to: 'moderator' },
      })
    }
    return appointed.length
  })
}
