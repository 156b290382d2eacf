/**
 * Completing an order at the handover (docs/decisions/0047-pickup-codes.md): the donor types the
 * recipient's pickup code, or completes without it and says why; wrong codes are counted on the
 * order and the fifth locks its completion with a code for a quarter of an hour, both sides told.
 */
import { eq } from 'drizzle-orm'
import type { OrderKind } from '../../../shared/orders'
import { codeLockEnd, isPickupCodeShape, MAX_WRONG_CODES } from '../../../shared/pickup-code'
import type { CompletionData } from '../../../shared/schemas/order-completion'
import type { Order } from '../../../shared/schemas/orders'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { listings } from '../../db/schema'
import type { NewDomainEvent } from '../../platform/domain-events'
import { AppError, badRequest, conflict } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { type Handover, moveOrder, orderChanges, orderEvent, orderRef } from './lifecycle'
import { getOrder, getOrderFor, presentOrders, type SessionUserLike, tableOf } from './queries'

/** What checking a typed code found: it is right (or not needed), wrong, or the order is locked. */
export type CodeCheck = { right: true } | { wrong: true; triesLeft: number } | { lockedUntil: Date }

/**
 * Under the listing's lock: locks the confirmed order's row and checks `input`'s code against its
 * pickup code. A wrong one of six digits is counted; the fifth locks completing with a code for a quarter of an
 * hour and records `lockedEvent(until)`. Without a code nothing is checked (the reason is the proof).
 */
export async function checkPickupCode(
  tx: Transaction,
  kind: OrderKind,
  id: string,
  input: Pick<CompletionData, 'code' | 'withoutCode'>,
  now: Date,
  lockedEvent: (until: Date) => NewDomainEvent,
): Promise<CodeCheck> {
  const table = tableOf[kind]
  const [row] = await tx
    .select(columnsOf(table, 'status', 'pickupCode', 'wrongCodeTries', 'codeLockedUntil'))
    .from(table)
    .where(eq(table.id, id))
    .for('update')
  if (row?.status !== 'confirmed') throw conflict('orders.errors.not_confirmed')
  if (input.withoutCode) return { right: true }
  if (row.codeLockedUntil && row.codeLockedUntil > now) return { lockedUntil: row.codeLockedUntil }
  if (row.pickupCode && input.code === row.pickupCode) return { right: true }
  // No code, letters or too few digits are a slip of the keyboard, not a guess: refused, not counted.
  if (!isPickupCodeShape(input.code)) return { wrong: true, triesLeft: MAX_WRONG_CODES - row.wrongCodeTries }
  const tries = row.wrongCodeTries + 1
  const locks = tries >= MAX_WRONG_CODES
  const lockedUntil = codeLockEnd(now)
  await tx
    .update(table)
    .set({ wrongCodeTries: locks ? 0 : tries, codeLockedUntil: locks ? lockedUntil : null, updatedAt: now })
    .where(eq(table.id, id))
  if (locks) await recordEvents(tx, lockedEvent(lockedUntil))
  return { wrong: true, triesLeft: locks ? 0 : MAX_WRONG_CODES - tries }
}

/**
 * After the transaction (so a wrong code stays counted): 429 while locked, 400 for a wrong code with
 * `params.triesLeft`, the wrong codes left before the lock, for the screen to say.
 */
export function refuseCode(check: Exclude<CodeCheck, { right: true }>): never {
  if ('lockedUntil' in check) {
    const seconds = Math.max(1, Math.ceil((check.lockedUntil.getTime() - Date.now()) / 1000))
    const time = sriLankaParts(check.lockedUntil).time
    throw new AppError(429, 'rate_limited', 'handover.errors.codeLocked', { time }, seconds)
  }
  throw badRequest('handover.errors.wrongPickupCode', { triesLeft: check.triesLeft })
}

/** What a completion records of the handover, from the donor's or the volunteer's input. */
export function handoverOf(input: Pick<CompletionData, 'withoutCode' | 'reason' | 'weightKg'>): Handover {
  return {
    handoverVerified: !input.withoutCode,
    unverifiedReason: input.withoutCode ? (input.reason ?? null) : null,
    weightKg: input.weightKg ?? null,
  }
}

/**
 * Completes a confirmed order with `input`. 400 'That pickup code is not right.' for a missing or
 * wrong code, 429 while the order is locked, 409 when it is not confirmed or a volunteer completes
 * it (an order with a delivery).
 */
export async function completeOrder(
  db: Database,
  kind: OrderKind,
  id: string,
  input: CompletionData,
  actor: SessionUserLike,
): Promise<Order> {
  const before = await getOrderFor(db, kind, id, actor, 'order.decide')
  if (before.delivery) throw conflict('orders.errors.completedByDelivery')
  if (kind === 'claim' && input.cashPaid !== undefined) throw badRequest('handover.errors.freeFoodNotPaid')
  // Half-price food costs its total at most: more would be a slip that inflates what was paid.
  if (input.cashPaid !== undefined && input.cashPaid > before.totalPrice) {
    throw badRequest('handover.errors.cashOverTotal', { total: before.totalPrice })
  }

  const outcome = await db.transaction(async (tx) => {
    const now = new Date()
    // The listing first, then the order, as every step of an order locks them (lifecycle.ts).
    await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.id, before.listing.id))
      .for('update')
    const check = await checkPickupCode(tx, kind, id, input, now, (until) =>
      codeLockedEvent(kind, before, until),
    )
    if (!('right' in check)) return check
    const handover: Handover = {
      ...handoverOf(input),
      // Half-price food is paid in cash at the door: the total unless the donor says otherwise.
      ...(kind === 'request' ? { cashPaid: input.cashPaid ?? before.totalPrice } : {}),
    }
    await moveOrder(tx, kind, id, 'complete', handover)
    const after = await getOrder(tx, kind, id)
    await recordEvents(tx, orderEvent(kind, 'complete', after, actor))
    return { done: after }
  })

  if (!('done' in outcome)) refuseCode(outcome)
  const [order] = await presentOrders(db, actor, [outcome.done])
  return order!
}

/** The fifth wrong code: both sides hear that completing with a code waits until `until`. */
function codeLockedEvent(kind: OrderKind, order: Order, until: Date) {
  const params = { title: order.listing.title, time: sriLankaParts(until).time, kind }
  const notice = (userId: string) => ({
    userId,
    type: 'pickup_code_locked' as const,
    params,
    relatedId: order.id,
  })
  return {
    type: 'order.codeLocked' as const,
    payload: orderRef(kind, order),
    notices: [notice(order.listing.donorId), notice(order.requester.id)],
    changes: orderChanges(order),
  }
}
