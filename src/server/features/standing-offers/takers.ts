/** Standing takers: joining an offer for a number of portions per occurrence, and leaving it. */
import { and, eq, sql } from 'drizzle-orm'
import type { FairUseLimits } from '../../../shared/fair-use'
import type { Database } from '../../db/client'
import { standingOffers, standingTakers } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict, notFound } from '../../platform/errors'
import type { SessionUserLike } from '../orders/service'
import { checkStandingFairUse } from '../orders/service'
import { endHoldsOf } from './deliveries'
import { findOffer, takenPortions } from './offers'

/**
 * Joins (or changes the portions of) `user` on an offer. The takers' sum stays within the typical
 * quantity: 409 with the room left. The portions count against the person's fair-use limits and an
 * organisation's capacity, as a claim of that size would (docs/decisions/0054).
 */
export async function joinOffer(
  db: Database,
  offerId: string,
  user: SessionUserLike,
  quantity: number,
  limits: FairUseLimits,
) {
  const offer = await findOffer(db, offerId)
  // The listing's own rule: anyone signed in but the donor (403 on one's own offer).
  authorize(user, 'listing.claim', offer)
  if (offer.endedAt) throw conflict('standing.errors.ended')
  await db.transaction(async (tx) => {
    // The offer row locked: two takers joining at once are counted one after the other.
    await tx
      .select({ id: standingOffers.id })
      .from(standingOffers)
      .where(eq(standingOffers.id, offerId))
      .for('update')
    const [mine] = await tx
      .select()
      .from(standingTakers)
      .where(and(eq(standingTakers.offerId, offerId), eq(standingTakers.userId, user.id)))
    if (mine?.status === 'paused') throw conflict('standing.errors.takerPaused')
    const held = mine && mine.status !== 'left' ? mine.quantity : 0
    const room = offer.quantity - (await takenPortions(tx, offerId)) + held
    if (quantity > room) throw conflict('standing.errors.noRoom', { n: room })
    await checkStandingFairUse(tx, user.id, { quantity, free: offer.type === 'free' }, limits)
    await tx
      .insert(standingTakers)
      .values({ offerId, userId: user.id, quantity })
      .onConflictDoUpdate({
        target: [standingTakers.offerId, standingTakers.userId],
        set: {
          quantity,
          status: 'active',
          // Rejoining after leaving goes to the back of the line.
          joinedAt: sql`case when ${standingTakers.status} = 'left' then now() else ${standingTakers.joinedAt} end`,
        },
      })
  })
}

export async function leaveOffer(db: Database, offerId: string, userId: string) {
  await findOffer(db, offerId)
  await db.transaction(async (tx) => {
    const left = await tx
      .update(standingTakers)
      .set({ status: 'left' })
      .where(and(eq(standingTakers.offerId, offerId), eq(standingTakers.userId, userId)))
      .returning({ id: standingTakers.id })
    if (left.length === 0) throw notFound('standing.errors.notTaker')
    // The volunteers' days on them end with the arrangement (docs/decisions/0069-standing-deliveries.md).
    await endHoldsOf(tx, left[0]!.id)
  })
}
