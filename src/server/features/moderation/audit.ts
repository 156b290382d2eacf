import { desc, eq, sql } from 'drizzle-orm'
import type { AuditAction, AuditTargetType } from '../../../shared/reference-data'
import type { AuditEntry } from '../../../shared/schemas/moderation'
import type { Database, Transaction } from '../../db/client'
import { events, listings, moderationLog, reports, stories, users } from '../../db/schema'

/** One entry of the audit log. actorId null: the operator's command line. */
export type AuditRecord = {
  actorId: string | null
  action: AuditAction
  targetType: AuditTargetType
  targetId: string
  reason?: string | null
  details?: Record<string, string | number | null>
}

/**
 * Appends an entry to the audit log, in the caller's transaction when it passes one, so the entry
 * exists exactly when the action does. There is no update or delete: the table refuses both
 * (docs/decisions/0037-moderation.md).
 */
export async function recordAudit(executor: Database | Transaction, entry: AuditRecord): Promise<string> {
  const [row] = await executor
    .insert(moderationLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
    })
    .returning({ id: moderationLog.id })
  return row!.id
}

const actor = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${moderationLog.actorId})`

/** The target's title or name as it is now (ids are compared as text: users' are not uuids). */
const targetLabel = sql<string | null>`case ${moderationLog.targetType}
  when 'listing' then (select ${listings.title} from ${listings} where ${listings.id}::text = ${moderationLog.targetId})
  when 'story' then (select ${stories.title} from ${stories} where ${stories.id}::text = ${moderationLog.targetId})
  when 'event' then (select ${events.title} from ${events} where ${events.id}::text = ${moderationLog.targetId})
  when 'user' then (select ${users.name} from ${users} where ${users.id} = ${moderationLog.targetId})
  when 'report' then (select ${reports.reason} from ${reports} where ${reports.id}::text = ${moderationLog.targetId})
end`

/** The audit log newest first, a page at a time; optionally the entries about one target. */
export async function readAudit(
  db: Database,
  page: number,
  size: number,
  target?: { type: AuditTargetType; id: string },
): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
  const rows = await db
    .select({ entry: moderationLog, actorName: actor, targetLabel })
    .from(moderationLog)
    .where(
      target
        ? sql`${moderationLog.targetType} = ${target.type} and ${eq(moderationLog.targetId, target.id)}`
        : undefined,
    )
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  return {
    items: rows.slice(0, size).map(({ entry, actorName, targetLabel: label }) => ({
      id: entry.id,
      actor: entry.actorId ? { id: entry.actorId, name: actorName ?? '—' } : null,
      action: entry.action as AuditAction,
      targetType: entry.targetType as AuditTargetType,
      targetId: entry.targetId,
      targetLabel: label,
      reason: entry.reason,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    hasMore: rows.length > size,
  }
}
