/** A moderator's actions on a user: a warning, a suspension and its lifting. */
import { eq } from 'drizzle-orm'
import { activeSuspension, suspensionEnd } from '../../../shared/moderation'
import type { Database, Transaction } from '../../db/client'
import { users } from '../../db/schema'
import type { NewNotification } from '../../platform/domain-events'
import { conflict, forbidden, notFound } from '../../platform/errors'
import { recordAudit } from './audit'
import { type ActionResult, assertReportExists, closeReports, done, reportsAbout } from './outcome'

/** The user a moderator acts on: they exist and are not a moderator (nor the moderator). */
async function lockUser(tx: Transaction, moderatorId: string, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  if (!user) throw notFound('moderation.errors.targetNotFound')
  if (user.id === moderatorId || user.role === 'moderator') throw forbidden('moderation.errors.notModerators')
  return user
}

/**
 * A warning's or a suspension's record: the audit entry, the user's notice of it with `params`,
 * and the open reports about them (and the one it answers) closed as actioned.
 */
async function recordSanction(
  tx: Transaction,
  moderatorId: string,
  user: { id: string; name: string },
  input: { reason: string; reportId?: string | null },
  sanction: {
    action: 'user_warned' | 'user_suspended'
    event: 'user.warned' | 'user.suspended'
    params: Record<string, string>
    details?: Record<string, unknown>
  },
): Promise<ActionResult> {
  const auditId = await recordAudit(tx, {
    actorId: moderatorId,
    action: sanction.action,
    targetType: 'user',
    targetId: user.id,
    reason: input.reason,
    details: { ...sanction.details, ...(input.reportId ? { reportId: input.reportId } : {}) },
  })
  const notifications: NewNotification[] = [
    { userId: user.id, type: sanction.action, params: sanction.params, relatedId: auditId },
    ...(await closeReports(tx, moderatorId, reportsAbout(user.id, input.reportId), 'actioned', user.name)),
  ]
  return done(tx, auditId, {
    type: sanction.event,
    payload: { userId: user.id, auditId },
    notices: notifications,
  })
}

/** Warns a user: a notification with the reason; the open reports about them are closed as actioned. */
export async function warnUser(
  db: Database,
  moderatorId: string,
  userId: string,
  input: { reason: string; reportId?: string | null },
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, moderatorId, userId)
    await assertReportExists(tx, input.reportId)
    return recordSanction(tx, moderatorId, user, input, {
      action: 'user_warned',
      event: 'user.warned',
      params: { reason: input.reason },
    })
  })
}

/**
 * Suspends a user for `days` days or permanently (null): they may sign in and read but not write
 * (platform guard in ./guard.ts). A new suspension replaces one that holds.
 */
export async function suspendUser(
  db: Database,
  moderatorId: string,
  userId: string,
  input: { reason: string; days: number | null; reportId?: string | null },
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, moderatorId, userId)
    await assertReportExists(tx, input.reportId)
    const now = new Date()
    const until = suspensionEnd(now, input.days)
    await tx
      .update(users)
      .set({ suspendedAt: now, suspendedUntil: until, suspensionReason: input.reason })
      .where(eq(users.id, userId))
    return recordSanction(tx, moderatorId, user, input, {
      action: 'user_suspended',
      event: 'user.suspended',
      params: { reason: input.reason, until: until?.toISOString() ?? '' },
      details: { until: until?.toISOString() ?? null },
    })
  })
}

/** Lifts the suspension that holds; 409 when none does. */
export async function liftSuspension(
  db: Database,
  moderatorId: string,
  userId: string,
  reason: string,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, moderatorId, userId)
    if (!activeSuspension(user, new Date())) throw conflict('moderation.errors.notSuspended')
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
      .where(eq(users.id, userId))
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action: 'suspension_lifted',
      targetType: 'user',
      targetId: userId,
      reason,
    })
    return done(tx, auditId, {
      type: 'user.reinstated',
      payload: { userId, auditId },
      notices: [{ userId, type: 'suspension_lifted', params: { reason }, relatedId: auditId }],
    })
  })
}
