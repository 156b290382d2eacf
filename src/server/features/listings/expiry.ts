import { and, eq, lte } from 'drizzle-orm'
import { isOutTooLong, OUT_TOO_LONG } from '../../../shared/food-safety'
import type { Database, Transaction } from '../../db/client'
import { listings } from '../../db/schema'
import { conflict, notFound } from '../../platform/errors'
import type { Jobs } from '../../platform/jobs'
import { recordEvents } from '../../platform/outbox'
import { bumped, isUuid, type ListingRow } from './rows'

/**
 * The expiry sweep: available listings past their expiry become 'expired'. Cooked food's expiry is
 * its safe-until time already (writes.ts), so this sweep expires it on time too.
 */
export async function expireListings(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(listings)
      .set({ status: 'expired', updatedAt: now, version: bumped })
      .where(and(eq(listings.status, 'available'), lte(listings.expiresAt, now)))
      .returning({ id: listings.id })
    if (rows.length === 0) return 0
    // Open pages stop offering them (docs/decisions/0063-live-listings.md).
    await recordEvents(tx, {
      type: 'listing.expired',
      payload: { listingIds: rows.map((row) => row.id) },
      changes: [{ table: 'listings' }],
    })
    return rows.length
  })
}

export type ExpirySweep = { runNow(): Promise<number> }

/**
 * The sweep runs once a minute across all instances, as a scheduled job on the queue
 * (platform/jobs.ts); runNow() runs it here at once, for tests and operators.
 */
export async function scheduleExpirySweep(
  jobs: Jobs,
  db: Database,
  log: { info(obj: unknown, msg: string): void },
): Promise<ExpirySweep> {
  const runNow = async () => {
    const count = await expireListings(db)
    if (count > 0) log.info({ count }, 'expired listings')
    return count
  }
  await jobs.schedule('listing-expiry-sweep', '* * * * *', runNow)
  return { runNow }
}

/**
 * Why a listing cannot be ordered now, as an i18n key, or null when it can. Orders (claims,
 * requests, deliveries) call assertOrderable on the row they locked with `select ... for update`.
 */
export function orderProblem(
  row: Pick<ListingRow, 'status' | 'quantity' | 'expiresAt' | 'safeUntil'>,
  now: Date = new Date(),
): string | null {
  // Cooked food past its time says why, not just "expired" (docs/decisions/0049-cooked-food-clock.md).
  if (isOutTooLong(row.safeUntil, now)) return OUT_TOO_LONG
  if (row.status === 'expired' || row.expiresAt.getTime() <= now.getTime()) return 'listings.errors.expired'
  if (row.status !== 'available' || row.quantity <= 0) return 'listings.errors.notAvailable'
  return null
}

export function assertOrderable(
  row: Pick<ListingRow, 'status' | 'quantity' | 'expiresAt' | 'safeUntil'>,
): void {
  const problem = orderProblem(row)
  if (problem) throw conflict(problem)
}

/** Locks a listing for an order inside a transaction: 404 when missing, 409 when not orderable. */
export async function lockOrderableListing(tx: Transaction, id: string): Promise<ListingRow> {
  const [row] = isUuid(id) ? await tx.select().from(listings).where(eq(listings.id, id)).for('update') : []
  // A hidden listing is gone for those who would order it.
  if (!row || row.hiddenAt) throw notFound('listings.errors.notFound')
  assertOrderable(row)
  return row
}
