/**
 * Reminders: one hour before an approved order's pickup the recipient hears of it, one hour before an
 * accepted delivery its requester and volunteer do, and two hours after an approved order's pickup
 * window the donor is asked whether it was collected. The sweep is a plain function of the time:
 * each UPDATE claims what is due (`... sent_at IS NULL ... RETURNING`), so the rows it returns are
 * this run's alone and two instances sweeping at once never send twice.
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { collectionCheckHorizon, reminderHorizon, reminderTime } from '../../../shared/reminders'
import type { Database } from '../../db/client'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'
import type { Jobs } from '../../platform/jobs'
import type { PeriodicTask } from '../../platform/services'
import type { NewNotification, Notifier } from '../notifications/service'

type Deps = { db: Database; notifier: Notifier }

const ORDERS = [
  { kind: 'claim', table: claims, requester: claims.claimantId },
  { kind: 'request', table: foodRequests, requester: foodRequests.requesterId },
] as const

/** Delivery steps between a volunteer's accepting and the handover. */
const ACCEPTED_DELIVERY = ['assigned', 'in-progress']

async function orderReminders(db: Database, now: Date): Promise<NewNotification[]> {
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
        .returning({ id: table.id, userId: requester, pickupAt: table.pickupAt, title: listings.title })
      return rows.map(
        (row): NewNotification => ({
          userId: row.userId,
          type: 'pickup_reminder',
          params: { title: row.title, time: reminderTime(row.pickupAt), kind },
          relatedId: row.id,
        }),
      )
    }),
  )
  return due.flat()
}

async function deliveryReminders(db: Database, now: Date): Promise<NewNotification[]> {
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
      id: deliveries.id,
      requesterId: deliveries.requesterId,
      volunteerId: deliveries.volunteerId,
      deliveryAt: deliveries.deliveryAt,
      city: deliveries.city,
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

async function collectionChecks(db: Database, now: Date): Promise<NewNotification[]> {
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
export async function sendDueReminders(
  { db, notifier }: Deps,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const items = (
    await Promise.all([orderReminders(db, now), deliveryReminders(db, now), collectionChecks(db, now)])
  ).flat()
  await notifier.notify(log, items)
  return items.length
}

/** Runs the sweep every minute on the job queue (docs/decisions/0025-job-queue.md); runNow for operators. */
export async function scheduleReminderSweep(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
): Promise<PeriodicTask> {
  const runNow = () => sendDueReminders(deps, log)
  await jobs.schedule('reminder-sweep', '* * * * *', runNow)
  return { runNow }
}
