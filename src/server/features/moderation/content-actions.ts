/** A moderator's actions on content: hiding or showing it again (its open orders cancelled), dismissing a report. */
import { and, eq, inArray } from 'drizzle-orm'
import type { OrderKind } from '../../../shared/orders'
import type { AuditAction, HideableType, ReportTargetType } from '../../../shared/reference-data'
import type { Database, Transaction } from '../../db/client'
import { claims, deliveries, foodRequests, listings, reports } from '../../db/schema'
import { type Change, contentEvent, type NewNotification } from '../../platform/domain-events'
import { conflict, notFound } from '../../platform/errors'
import { bumped } from '../listings/service'
import { moveOrder } from '../orders/service'
import { recordAudit } from './audit'
import { type ActionResult, aboutTarget, assertReportExists, closeReports, done } from './outcome'
import { findTarget, setHidden } from './targets'

const TOPIC_OF = { listing: 'listings', story: 'stories', event: 'events', message: 'messages' } as const

const OPEN_ORDER = ['pending', 'confirmed']
const OPEN_DELIVERY = ['pending', 'assigned', 'in-progress']

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
