import { eq, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
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
      .select({ id: users.id, name: users.name, role: users.role })
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
