import { and, eq, inArray, or, type SQL } from 'drizzle-orm'
import { activeSuspension, suspensionEnd } from '../../../shared/moderation'
import type { OrderKind } from '../../../shared/orders'
import type { AuditAction, HideableType, ReportTargetType } from '../../../shared/reference-data'
import type { Database, Transaction } from '../../db/client'
import { claims, deliveries, foodRequests, listings, reports, users } from '../../db/schema'
import {
  type Change,
  contentEvent,
  type NewDomainEvent,
  type NewNotification,
} from '../../platform/domain-events'
import { conflict, forbidden, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { bumped } from '../listings/service'
import { moveOrder } from '../orders/service'
import { recordAudit } from './audit'
import { findTarget, setHidden } from './targets'

/** What an action did: its audit entry (its event, with the notices, is in the outbox). */
type ActionResult = { auditId: string }

const TOPIC_OF = { listing: 'listings', story: 'stories', event: 'events', message: 'messages' } as const

/** Records the action's event in its transaction and answers its audit entry. */
async function done(tx: Transaction, auditId: string, event: NewDomainEvent): Promise<ActionResult> {
  await recordEvents(tx, event)
  return { auditId }
}

const OPEN_ORDER = ['pending', 'confirmed']
const OPEN_DELIVERY = ['pending', 'assigned', 'in-progress']

/**
 * Closes the open reports about a target as decided, in the action's transaction; answers the
 * reporters' notifications (actioned: the moderator acted on it; dismissed: nothing to act on).
 */
async function closeReports(
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

const aboutTarget = (type: ReportTargetType, id: string) =>
  and(eq(reports.targetType, type), eq(reports.targetId, id))

/**
 * Cancels the open orders of a hidden listing through the orders' own lifecycle (portions go back
 * to the listing) and the deliveries that carry them; answers the requesters' notifications.
 */
async function cancelOpenOrders(
  tx: Transaction,
  listingId: string,
  title: string,
): Promise<NewNotification[]> {
  const notifications: NewNotification[] = []
  const openOrders = [
    ...(
      await tx
        .select({ id: claims.id, requesterId: claims.claimantId })
        .from(claims)
        .where(and(eq(claims.listingId, listingId), inArray(claims.status, OPEN_ORDER)))
    ).map((order) => ({ ...order, kind: 'claim' as OrderKind })),
    ...(
      await tx
        .select({ id: foodRequests.id, requesterId: foodRequests.requesterId })
        .from(foodRequests)
        .where(and(eq(foodRequests.listingId, listingId), inArray(foodRequests.status, OPEN_ORDER)))
    ).map((order) => ({ ...order, kind: 'request' as OrderKind })),
  ]
  for (const order of openOrders) {
    await moveOrder(tx, order.kind, order.id, 'withdraw')
    notifications.push({
      userId: order.requesterId,
      type: 'order_removed',
      params: { title, kind: order.kind },
      relatedId: order.id,
    })
  }
  const cancelled = await tx
    .update(deliveries)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(deliveries.listingId, listingId), inArray(deliveries.status, OPEN_DELIVERY)))
    .returning({ id: deliveries.id, volunteerId: deliveries.volunteerId })
  for (const delivery of cancelled) {
    if (!delivery.volunteerId) continue
    notifications.push({
      userId: delivery.volunteerId,
      type: 'order_removed',
      params: { title, kind: 'delivery' },
      relatedId: delivery.id,
    })
  }
  return notifications
}

/**
 * Hides or shows a listing, story or event. Hiding a listing cancels its open orders and releases
 * their portions; the owner is told why; the open reports about it are closed as actioned.
 */
export async function setContentHidden(
  db: Database,
  moderatorId: string,
  input: { targetType: HideableType; targetId: string; reason: string; reportId?: string | null },
  hidden: boolean,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, input.targetType, input.targetId)
    if (!target) throw notFound('moderation.errors.targetNotFound')
    await assertReportExists(tx, input.reportId)
    const changed = await setHidden(tx, input.targetType, input.targetId, hidden)
    if (!changed) throw conflict(hidden ? 'moderation.errors.alreadyHidden' : 'moderation.errors.notHidden')
    const notifications: NewNotification[] = []
    if (input.targetType === 'listing') {
      await tx.update(listings).set({ version: bumped }).where(eq(listings.id, input.targetId))
      if (hidden) notifications.push(...(await cancelOpenOrders(tx, input.targetId, target.label)))
    }
    const action = `${input.targetType}_${hidden ? 'hidden' : 'unhidden'}` as AuditAction
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      details: input.reportId ? { reportId: input.reportId } : {},
    })
    notifications.push({
      userId: target.ownerId,
      type: hidden ? 'content_hidden' : 'content_unhidden',
      params: { title: target.label, reason: input.reason, kind: input.targetType },
      relatedId: input.targetId,
    })
    if (hidden) {
      notifications.push(
        ...(await closeReports(
          tx,
          moderatorId,
          aboutTarget(input.targetType, input.targetId),
          'actioned',
          target.label,
        )),
      )
    }
    const changes: Change[] = [{ table: TOPIC_OF[input.targetType] }]
    // Its cancelled orders leave their requesters' lists and their deliveries the volunteers'.
    if (input.targetType === 'listing' && hidden) changes.push({ table: 'orders' }, { table: 'deliveries' })
    return done(tx, auditId, {
      type: contentEvent(input.targetType, hidden),
      payload: { targetId: input.targetId, auditId },
      notices: notifications,
      changes,
    })
  })
}

/** Dismisses an open report: nothing to act on. Its reporter is told. */
export async function dismissReport(
  db: Database,
  moderatorId: string,
  reportId: string,
  reason: string,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update')
    if (!report) throw notFound('moderation.errors.reportNotFound')
    if (report.status !== 'open') throw conflict('moderation.errors.reportClosed')
    const target = await findTarget(tx, report.targetType as ReportTargetType, report.targetId)
    const notifications = await closeReports(
      tx,
      moderatorId,
      eq(reports.id, reportId),
      'dismissed',
      target?.label ?? '—',
    )
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action: 'report_dismissed',
      targetType: 'report',
      targetId: reportId,
      reason,
      details: { targetType: report.targetType, targetId: report.targetId },
    })
    return done(tx, auditId, { type: 'report.dismissed', payload: { reportId }, notices: notifications })
  })
}

/** The user a moderator acts on: they exist and are not a moderator (nor the moderator). */
async function lockUser(tx: Transaction, moderatorId: string, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  if (!user) throw notFound('moderation.errors.targetNotFound')
  if (user.id === moderatorId || user.role === 'moderator') throw forbidden('moderation.errors.notModerators')
  return user
}

/**
 * The report a decision answers must exist: its id goes into the append-only audit log, where an
 * invented one could never be corrected (docs/decisions/0045-hardening-after-outside-test.md).
 */
async function assertReportExists(tx: Transaction, reportId: string | null | undefined) {
  if (!reportId) return
  const [report] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId))
  if (!report) throw notFound('moderation.errors.reportNotFound')
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
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action: 'user_warned',
      targetType: 'user',
      targetId: userId,
      reason: input.reason,
      details: input.reportId ? { reportId: input.reportId } : {},
    })
    const notifications: NewNotification[] = [
      { userId, type: 'user_warned', params: { reason: input.reason }, relatedId: auditId },
      ...(await closeReports(tx, moderatorId, reportsAbout(userId, input.reportId), 'actioned', user.name)),
    ]
    return done(tx, auditId, { type: 'user.warned', payload: { userId, auditId }, notices: notifications })
  })
}

/** The reports a decision about a user closes: those about the user, and the report it answers. */
function reportsAbout(userId: string, reportId?: string | null): SQL | undefined {
  const aboutUser = aboutTarget('user', userId)
  return reportId ? or(aboutUser, eq(reports.id, reportId)) : aboutUser
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
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action: 'user_suspended',
      targetType: 'user',
      targetId: userId,
      reason: input.reason,
      details: {
        until: until?.toISOString() ?? null,
        ...(input.reportId ? { reportId: input.reportId } : {}),
      },
    })
    const notifications: NewNotification[] = [
      {
        userId,
        type: 'user_suspended',
        params: { reason: input.reason, until: until?.toISOString() ?? '' },
        relatedId: auditId,
      },
      ...(await closeReports(tx, moderatorId, reportsAbout(userId, input.reportId), 'actioned', user.name)),
    ]
    return done(tx, auditId, { type: 'user.suspended', payload: { userId, auditId }, notices: notifications })
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
