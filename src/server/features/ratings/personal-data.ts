/**
 * The ratings a user gave and received, in their data export (docs/decisions/0039-own-data.md); the
 * other person appears by name, as on a profile. Deleting an account keeps its ratings, given and
 * received, signed "Deleted user": the other person's average counts them.
 */
import { desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { ratings, users } from '../../db/schema'

const others = alias(users, 'other')

function subjectOf(row: { claimId: string | null; foodRequestId: string | null; deliveryId: string | null }) {
  if (row.claimId) return { kind: 'claim', id: row.claimId }
  if (row.foodRequestId) return { kind: 'request', id: row.foodRequestId }
  return { kind: 'delivery', id: row.deliveryId }
}

export async function ratingsExport(db: Database, userId: string) {
  const columns = {
    ...columnsOf(ratings, 'score', 'comment', 'claimId', 'foodRequestId', 'deliveryId', 'createdAt'),
    otherName: others.name,
  }
  const [given, received] = await Promise.all([
    db
      .select(columns)
      .from(ratings)
      .innerJoin(others, eq(others.id, ratings.rateeId))
      .where(eq(ratings.raterId, userId))
      .orderBy(desc(ratings.createdAt)),
    db
      .select(columns)
      .from(ratings)
      .innerJoin(others, eq(others.id, ratings.raterId))
      .where(eq(ratings.rateeId, userId))
      .orderBy(desc(ratings.createdAt)),
  ])
  const shape = (key: 'ratee' | 'rater') => (row: (typeof given)[number]) => ({
    [key]: row.otherName,
    score: row.score,
    comment: row.comment,
    about: subjectOf(row),
    createdAt: row.createdAt,
  })
  return { given: given.map(shape('ratee')), received: received.map(shape('rater')) }
}
