/**
 * What moderation stores about a user, in their data export (docs/decisions/0039-own-data.md): the
 * reports they made, the decisions about their account (warnings, suspensions, verification) and a
 * suspension in force. Moderators appear by neither name nor id.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { moderationLog, reports, users } from '../../db/schema'

export async function moderationExport(db: Database, userId: string) {
  const [made, decisions, [account]] = await Promise.all([
    db
      .select(
        columnsOf(reports, 'targetType', 'targetId', 'reason', 'note', 'status', 'decidedAt', 'createdAt'),
      )
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.createdAt)),
    db
      .select(columnsOf(moderationLog, 'action', 'reason', 'details', 'createdAt'))
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'user'), eq(moderationLog.targetId, userId)))
      .orderBy(desc(moderationLog.createdAt)),
    db
      .select(columnsOf(users, 'suspendedAt', 'suspendedUntil', 'suspensionReason'))
      .from(users)
      .where(eq(users.id, userId)),
  ])
  return { reportsMade: made, decisionsAboutMe: decisions, suspension: account?.suspendedAt ? account : null }
}
