/**
 * What moderation stores about a user, in their data export (docs/decisions/0039-own-data.md): the
 * reports they made, the decisions about their account (warnings, suspensions, verification) and a
 * suspension in force. Moderators appear by neither name nor id.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { moderationLog, reports, users } from '../../db/schema'

export async function moderationExport(db: Database, userId: string) {
  const [made, decisions, [account]] = await Promise.all([
    db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        note: reports.note,
        status: reports.status,
        decidedAt: reports.decidedAt,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.createdAt)),
    db
      .select({
        action: moderationLog.action,
        reason: moderationLog.reason,
        details: moderationLog.details,
        createdAt: moderationLog.createdAt,
      })
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'user'), eq(moderationLog.targetId, userId)))
      .orderBy(desc(moderationLog.createdAt)),
    db
      .select({
        suspendedAt: users.suspendedAt,
        suspendedUntil: users.suspendedUntil,
        suspensionReason: users.suspensionReason,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ])
  return { reportsMade: made, decisionsAboutMe: decisions, suspension: account?.suspendedAt ? account : null }
}
