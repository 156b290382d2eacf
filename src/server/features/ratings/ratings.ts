/**
 * Ratings both ways (docs/decisions/0038-trust-ratings-fair-use.md): after an order completes, its
 * donor and its requester rate each other once; a delivery's requester rates its volunteer. One
 * model for both, so a person's average counts every rating they received.
 */
import { avg, count, desc, eq, or } from 'drizzle-orm'
import type { OrderKind } from '../../../shared/orders'
import type { Rating, RatingSummary } from '../../../shared/schemas/ratings'
import type { Database } from '../../db/client'
import { ratings } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import type { NewDomainEvent } from '../../platform/domain-events'
import { conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { getOrder, type SessionUserLike } from '../orders/service'

export type RatingSubject = { kind: OrderKind | 'delivery'; id: string }

const subjectColumns = (subject: RatingSubject) => ({
  claimId: subject.kind === 'claim' ? subject.id : null,
  foodRequestId: subject.kind === 'request' ? subject.id : null,
  deliveryId: subject.kind === 'delivery' ? subject.id : null,
})

/**
 * Records `raterId`'s rating of `rateeId` on a subject, and `event` with it; 409 when they rated it
 * already (the unique index decides, so two tries at once cannot both count).
 */
export async function addRating(
  db: Database,
  subject: RatingSubject,
  raterId: string,
  rateeId: string,
  score: number,
  comment: string | null,
  alreadyKey: string,
  event: NewDomainEvent,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ratings)
      .values({ ...subjectColumns(subject), raterId, rateeId, score, comment })
      .onConflictDoNothing()
      .returning({ id: ratings.id })
    if (inserted.length === 0) throw conflict(alreadyKey)
    await recordEvents(tx, event)
  })
}

/** The donor rates the requester or the requester the donor, once each, after the order completed. */
export async function rateOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  actor: SessionUserLike,
  input: { score: number; comment: string | null },
): Promise<RatingSummary> {
  const order = await getOrder(db, kind, id)
  const parties = { requesterId: order.requester.id, donorId: order.listing.donorId }
  authorize(actor, 'order.rate', parties)
  if (order.status !== 'completed') throw conflict('orders.errors.rateNotCompleted')
  const rateeId = actor.id === parties.donorId ? parties.requesterId : parties.donorId
  // Both parties' order lists show the rating.
  const userIds = [parties.donorId, parties.requesterId]
  await addRating(
    db,
    { kind, id },
    actor.id,
    rateeId,
    input.score,
    input.comment,
    'orders.errors.alreadyRated',
    {
      type: 'order.rated',
      payload: { raterId: actor.id, userIds },
      changes: [{ table: 'orders', userIds }],
    },
  )
  return ratingSummaryOf(db, rateeId)
}

/** The average of the ratings a person received (one decimal; null without any) and how many. */
export async function ratingSummaryOf(db: Database, userId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({ average: avg(ratings.score), count: count() })
    .from(ratings)
    .where(eq(ratings.rateeId, userId))
  const n = row?.count ?? 0
  return { average: n > 0 ? Math.round(Number(row!.average) * 10) / 10 : null, count: n }
}

function toRating(row: typeof ratings.$inferSelect): Rating {
  const subject: Rating['subject'] = row.claimId
    ? { kind: 'claim', id: row.claimId }
    : row.foodRequestId
      ? { kind: 'request', id: row.foodRequestId }
      : { kind: 'delivery', id: row.deliveryId! }
  return {
    id: row.id,
    raterId: row.raterId,
    rateeId: row.rateeId,
    subject,
    score: row.score,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Every rating a person gave and received, newest first (their own data: the data export reads it). */
export async function ratingsOfUser(
  db: Database,
  userId: string,
): Promise<{ given: Rating[]; received: Rating[] }> {
  const rows = await db
    .select()
    .from(ratings)
    .where(or(eq(ratings.raterId, userId), eq(ratings.rateeId, userId)))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
  const all = rows.map(toRating)
  return {
    given: all.filter((r) => r.raterId === userId),
    received: all.filter((r) => r.rateeId === userId),
  }
}
