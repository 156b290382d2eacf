import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../shared/actor'
import type { ReportReason, ReportStatus, ReportTargetType } from '../../../shared/reference-data'
import type { Report, SuspendedUser } from '../../../shared/schemas/moderation'
import type { Database } from '../../db/client'
import { events, listings, messages, reports, stories, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { threadAround, writerOf } from '../messages/service'
import { findTarget } from './targets'

/**
 * Files a report about someone else's listing, story, event or profile. One open report per reporter
 * and target (409); the reporter is thanked.
 */
export async function createReport(
  db: Database,
  reporter: Actor,
  input: { targetType: ReportTargetType; targetId: string; reason: ReportReason; note: string | null },
): Promise<{ id: string }> {
  const target = await findTarget(db, input.targetType, input.targetId)
  if (!target) throw notFound('moderation.errors.targetNotFound')
  authorize(reporter, 'content.report', target)
  // A message is reported by a party of its thread, the only people who can read it (404 for others).
  if (input.targetType === 'message') await writerOf(db, reporter, input.targetId)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({ reporterId: reporter.id, ...input })
      .onConflictDoNothing()
      .returning({ id: reports.id })
    if (!row) throw conflict('moderation.errors.alreadyReported')
    await recordEvents(tx, {
      type: 'report.created',
      payload: { reportId: row.id },
      notices: [
        { userId: reporter.id, type: 'report_received', params: { target: target.label }, relatedId: row.id },
      ],
    })
    return { id: row.id }
  })
}

/** The reporter, joined under an alias; the reported user and the owner are read in subqueries of users. */
const reporters = alias(users, 'reporters')

/** The reported content's title and owner, or the reported user's name. */
const targetLabel = sql<string | null>`case ${reports.targetType}
  when 'listing' then (select ${listings.title} from ${listings} where ${listings.id}::text = ${reports.targetId})
  when 'story' then (select ${stories.title} from ${stories} where ${stories.id}::text = ${reports.targetId})
  when 'event' then (select ${events.title} from ${events} where ${events.id}::text = ${reports.targetId})
  when 'user' then (select ${users.name} from ${users} where ${users.id} = ${reports.targetId})
  when 'message' then (select coalesce(${messages.text}, ${messages.quick}) from ${messages} where ${messages.id}::text = ${reports.targetId})
end`
const ownerId = sql<string | null>`case ${reports.targetType}
  when 'listing' then (select ${listings.donorId} from ${listings} where ${listings.id}::text = ${reports.targetId})
  when 'story' then (select ${stories.authorId} from ${stories} where ${stories.id}::text = ${reports.targetId})
  when 'event' then (select ${events.organizerId} from ${events} where ${events.id}::text = ${reports.targetId})
  when 'user' then ${reports.targetId}
  when 'message' then (select ${messages.authorId} from ${messages} where ${messages.id}::text = ${reports.targetId})
end`
const hidden = sql<boolean>`coalesce(case ${reports.targetType}
  when 'listing' then (select ${listings.hiddenAt} is not null from ${listings} where ${listings.id}::text = ${reports.targetId})
  when 'story' then (select ${stories.hiddenAt} is not null from ${stories} where ${stories.id}::text = ${reports.targetId})
  when 'event' then (select ${events.hiddenAt} is not null from ${events} where ${events.id}::text = ${reports.targetId})
  when 'message' then (select ${messages.hiddenAt} is not null from ${messages} where ${messages.id}::text = ${reports.targetId})
end, false)`

/** Reports of one status, newest first, with their target and the people concerned. */
export async function listReports(
  db: Database,
  status: ReportStatus,
  page: number,
  size: number,
): Promise<{ items: Report[]; hasMore: boolean }> {
  const rows = await db
    .select({
      report: reports,
      reporterName: reporters.name,
      targetLabel,
      ownerId,
      ownerName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${ownerId})`,
      hidden,
    })
    .from(reports)
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .where(eq(reports.status, status))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  const items = rows.slice(0, size)
  // A reported message comes with the messages before it in its thread (docs/decisions/0066-messages.md).
  const threads = await Promise.all(
    items.map((row) => (row.report.targetType === 'message' ? threadAround(db, row.report.targetId) : null)),
  )
  return {
    items: items.map((row, index) => ({
      id: row.report.id,
      targetType: row.report.targetType as ReportTargetType,
      targetId: row.report.targetId,
      targetLabel: row.targetLabel,
      owner: row.ownerId && row.ownerName ? { id: row.ownerId, name: row.ownerName } : null,
      hidden: Boolean(row.hidden),
      reason: row.report.reason as ReportReason,
      note: row.report.note,
      status: row.report.status as ReportStatus,
      reporter: { id: row.report.reporterId, name: row.reporterName },
      createdAt: row.report.createdAt.toISOString(),
      thread: threads[index] ?? null,
    })),
    hasMore: rows.length > size,
  }
}

/** The users whose suspension holds now, the latest suspended first. */
export async function listSuspended(
  db: Database,
  page: number,
  size: number,
): Promise<{ items: SuspendedUser[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        isNotNull(users.suspendedAt),
        or(isNull(users.suspendedUntil), gt(users.suspendedUntil, new Date())),
      ),
    )
    .orderBy(desc(users.suspendedAt), desc(users.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  return {
    items: rows.slice(0, size).map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      reason: user.suspensionReason,
      since: user.suspendedAt!.toISOString(),
      until: user.suspendedUntil?.toISOString() ?? null,
    })),
    hasMore: rows.length > size,
  }
}
