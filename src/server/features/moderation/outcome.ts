/** What a moderator's action leaves: the reports it closes as decided, and its event. */
import { and, eq, or, type SQL } from 'drizzle-orm'
import type { ReportTargetType } from '../../../shared/reference-data'
import type { Transaction } from '../../db/client'
import { reports } from '../../db/schema'
import type { NewDomainEvent, NewNotification } from '../../platform/domain-events'
import { notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'

/** What an action did: its audit entry (its event, with the notices, is in the outbox). */
export type ActionResult = { auditId: string }

/** Records the action's event in its transaction and answers its audit entry. */
export async function done(tx: Transaction, auditId: string, event: NewDomainEvent): Promise<ActionResult> {
  await recordEvents(tx, event)
  return { auditId }
}

/**
 * Closes the open reports about a target as decided, in the action's transaction; answers the
 * reporters' notifications (actioned: the moderator acted on it; dismissed: nothing to act on).
 */
export async function closeReports(
  tx: Transaction,
  moderatorId: string,
  where: SQL | undefined,
  outcome: 'actioned' | 'dismissed',
  label: string,
): Promise<NewNotification[]> {
  const closed = await tx
    .update(reports)
    .set({ status: outcome, decidedBy: moderatorId, decidedAt: new Date() })
    .where(and(where, eq(reports.status, 'open')))
    .returning({ id: reports.id, reporterId: reports.reporterId })
  return closed.map((report) => ({
    userId: report.reporterId,
    type: outcome === 'actioned' ? 'report_actioned' : 'report_dismissed',
    params: { target: label },
    relatedId: report.id,
  }))
}

export const aboutTarget = (type: ReportTargetType, id: string) =>
  and(eq(reports.targetType, type), eq(reports.targetId, id))

/** The reports a decision about a user closes: those about the user, and the report it answers. */
export function reportsAbout(userId: string, reportId?: string | null): SQL | undefined {
  const aboutUser = aboutTarget('user', userId)
  return reportId ? or(aboutUser, eq(reports.id, reportId)) : aboutUser
}

/**
 * The report a decision answers must exist: its id goes into the append-only audit log, where an
 * invented one could never be corrected (docs/decisions/0045-hardening-after-outside-test.md).
 */
export async function assertReportExists(tx: Transaction, reportId: string | null | undefined) {
  if (!reportId) return
  const [report] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId))
  if (!report) throw notFound('moderation.errors.reportNotFound')
}
