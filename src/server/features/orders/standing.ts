/**
 * A standing taker's order of an occurrence (docs/decisions/0068-standing-arrangements.md): placed
 * like any claim or request (portions under the row lock, fair use, capacity), then approved by the
 * donor's standing agreement, so it is confirmed with its pickup code at once.
 */
import type { FairUseLimits } from '../../../shared/fair-use'
import type { OrderKind } from '../../../shared/orders'
import type { Database, Transaction } from '../../db/client'
import { verifiedOrganisation } from '../organisations/service'
import { assertFairUse, limitsOf } from './fair-use'
import { transitionOrder } from './lifecycle'
import { createClaim, createFoodRequest } from './placing'
import type { SessionUserLike } from './queries'

/** Refuses portions per occurrence the account could not order now (a join's check). */
export async function checkStandingFairUse(
  tx: Transaction,
  userId: string,
  order: { quantity: number; free: boolean },
  limits: FairUseLimits,
) {
  await assertFairUse(tx, userId, order, limitsOf(await verifiedOrganisation(tx, userId), limits))
}

export async function placeStandingOrder(
  db: Database,
  listing: { id: string; type: string },
  taker: SessionUserLike & { phone: string | null },
  donor: SessionUserLike,
  input: { quantity: number; pickupDate: string; pickupTime: string },
  limits: FairUseLimits,
  /** Runs before the approval: a delivery attached here is on the approved order (0069). */
  attach?: (placed: { kind: OrderKind; id: string }) => Promise<void>,
): Promise<{ kind: OrderKind; id: string }> {
  const common = {
    quantity: input.quantity,
    pickupDate: input.pickupDate,
    pickupTime: input.pickupTime,
    notes: undefined,
  }
  const placed =
    listing.type === 'half-price'
      ? {
          kind: 'request' as const,
          id: (
            await createFoodRequest(
              db,
              listing.id,
              taker,
              { ...common, paymentMethod: 'cash', phone: taker.phone ?? '' },
              limits,
              { standing: true },
            )
          ).id,
        }
      : {
          kind: 'claim' as const,
          id: (
            await createClaim(
              db,
              listing.id,
              taker,
              { ...common, contactMethod: 'email', email: taker.email },
              limits,
              { standing: true },
            )
          ).id,
        }
  await attach?.(placed)
  await transitionOrder(db, placed.kind, placed.id, 'approve', donor)
  return placed
}
