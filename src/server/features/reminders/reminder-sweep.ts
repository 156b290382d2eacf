/**
 * Reminders: one hour before an approved order's pickup the recipient hears of it, one hour before an
 * accepted delivery its requester and volunteer do, and two hours after an approved order's pickup
 * window the donor is asked whether it was collected. The sweep is a plain function of the time:
 * each UPDATE claims what is due (`... sent_at IS NULL ... RETURNING`), so the rows it returns are
 * this run's alone and two instances sweeping at once never send twice; the reminders are recorded
 * as events in the same transaction, so a claimed reminder is never lost either
 * (docs/decisions/0044-domain-events.md).
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import { collectionCheckHorizon, reminderHorizon, reminderTime } from '../../../shared/reminders'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'
import type { NewNotification } from '../../platform/domain-events'
import type { Jobs, PeriodicTask } from '../../platform/jobs'
import { recordEvents } from '../../platform/outbox'

const ORDERS = [
  { kind: 'claim', table: claims, requester: claims.claimantId },
  { kind: 'request', table: foodRequests, requester: foodRequests.requesterId },
] as const

/** Delivery steps between a volunteer's accepting and the handover. */
const ACCEPTED_DELIVERY = ['assigned', 'in-progress']

async function orderReminders(db: Transaction, now: Date): Promise<NewNotification[]> {
  const due = await Promise.all(
    ORDERS.map(async ({ kind, table, requester }) => {
      const rows = await db
        .update(table)
        .set({ reminderSentAt: now })
        .from(listings)
        .where(
          and(
            eq(listings.id, table.listingId),
            eq(table.status, 'confirmed'),
            isNull(table.reminderSentAt),
            gt(table.pickupAt, now),
            lte(table.pickupAt, reminderHorizon(now)),
          ),
        )
        .returning({
          id: table.id,
          userId: requester,
          pickupAt: table.pickupAt,
          title: listings.title,
          safeUntil: listings.safeUntil,
        })
      return rows.map(
        (row): NewNotification => ({
          userId: row.userId,
          type: 'pickup_reminder',
          // Cooked food's reminder also says until when to eat it: i18next's context picks the
          // message_eatBy text (docs/decisions/0049-cooked-food-clock.md).
          params: {
            title: row.title,
            time: reminderTime(row.pickupAt),
            kind,
            ...(row.safeUntil ? { context: 'eatBy', eatBy: reminderTime(row.safeUntil) } : {}),
          },
          relatedId: row.id,
        }),
      )
    }),
  )
  return due.flat()
}

async function deliveryReminders(db: Transaction, now: Date): Promise<NewNotification[]> {
  const rows = await db
    .update(deliveries)
    .set({ reminderSentAt: now })
    .from(listings)
    .where(
      and(
        eq(listings.id, deliveries.listingId),
        inArray(deliveries.status, ACCEPTED_DELIVERY),
        isNull(deliveries.reminderSentAt),
        gt(deliveries.deliveryAt, now),
        lte(deliveries.deliveryAt, reminderHorizon(now)),
      ),
    )
    .returning({
      ...columnsOf(deliveries, 'id', 'requesterId', 'volunteerId', 'deliveryAt', 'city'),
      title: listings.title,
    })
  return rows.flatMap((row) =>
    [row.requesterId, row.volunteerId]
      .filter((userId): userId is string => userId !== null)
      .map(
        (userId): NewNotification => ({
          userId,
          type: 'delivery_reminder',
          params: { title: row.title, time: reminderTime(row.deliveryAt), city: row.city },
          relatedId: row.id,
        }),
      ),
  )
}

async function collectionChecks(db: Transaction, now: Date): Promise<NewNotification[]> {
  const due = await Promise.all(
    ORDERS.map(async ({ kind, table }) => {
      const rows = await db
        .update(table)
        .set({ collectionCheckSentAt: now })
        .from(listings)
        .where(
          and(
            eq(listings.id, table.listingId),
            eq(table.status, 'confirmed'),
            isNull(table.collectionCheckSentAt),
            lte(table.pickupAt, collectionCheckHorizon(now)),
          ),
        )
        .returning({
          id: table.id,
          donorId: listings.donorId,
          title: listings.title,
          quantity: table.quantity,
        })
      return rows.map(
        (row): NewNotification => ({
          userId: row.donorId,
          type: 'collection_check',
          params: { title: row.title, quantity: row.quantity, kind },
          relatedId: row.id,
        }),
      )
    }),
  )
  return due.flat()
}

/** Sends every reminder due at `now` that no sweep has sent yet; answers how many notifications went out. */
export async function sendDueReminders(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const items = [
      ...(await orderReminders(tx, now)),
      ...(await deliveryReminders(tx, now)),
      ...(await collectionChecks(tx, now)),
    ]
    // One event per reminded order or delivery (a delivery's reminds its requester and volunteer).
    const byRow = new Map<string, NewNotification[]>()
    for (const item of items) {
      const key = `${item.type}|${item.relatedId}`
      byRow.set(key, [...(byRow.get(key) ?? []), item])
    }
    await recordEvents(
      tx,
      ...[...byRow.values()].map((notices) => ({
        type: 'reminder.due' as const,
        payload: { reminder: notices[0]!.type as 'pickup_reminder', id: notices[0]!.relatedId },
        notices,
      })),
    )
    return items.length
  })
}

/** Runs the sweep every minute on the job queue (docs/decisions/0025-job-queue.md); runNow for operators. */
export async function scheduleReminderSweep(jobs: Jobs, db: Database): Promise<PeriodicTask> {
  const runNow = () => sendDueReminders(db)
  await jobs.schedule('reminder-sweep', '* * * * *', runNow)
  return { runNow }
}
