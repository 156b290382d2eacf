/**
 * A thread's parties and state (docs/decisions/0066-messages.md): an order's (a claim's or a food
 * request's) are its requester and the listing's donor; a delivery's add its volunteer once one has
 * accepted. Read from the orders' and deliveries' own tables, as the policy reads them: the thread
 * needs who they concern and when they ended, nothing of their presentation.
 */
import { and, desc, eq, inArray, notInArray, or } from 'drizzle-orm'
import type { ThreadKind } from '../../../shared/messages'
import type { Database, Transaction } from '../../db/client'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'

export type Thread = {
  kind: ThreadKind
  id: string
  requesterId: string
  donorId: string
  volunteerId: string | null
  /** The listing's title: the SMS says which order a reply went to. */
  title: string
  /** When it was completed or cancelled; null while it goes on. */
  endedAt: Date | null
}

const ORDER_TABLES = [
  { table: claims, requester: claims.claimantId },
  { table: foodRequests, requester: foodRequests.requesterId },
] as const

const ENDED_ORDER = ['completed', 'cancelled']
const ENDED_DELIVERY = ['completed', 'cancelled']

type Db = Database | Transaction

/** The people a thread is between. */
export function partiesOf(thread: Thread): string[] {
  return [thread.requesterId, thread.donorId, thread.volunteerId].filter((id): id is string => Boolean(id))
}

/** The order's or delivery's thread; undefined when no such order or delivery exists. */
export async function findThread(db: Db, kind: ThreadKind, id: string): Promise<Thread | undefined> {
  if (kind === 'delivery') {
    const [row] = await db
      .select({
        requesterId: deliveries.requesterId,
        donorId: listings.donorId,
        volunteerId: deliveries.volunteerId,
        title: listings.title,
        status: deliveries.status,
        updatedAt: deliveries.updatedAt,
      })
      .from(deliveries)
      .innerJoin(listings, eq(listings.id, deliveries.listingId))
      .where(eq(deliveries.id, id))
    if (!row) return undefined
    const endedAt = ENDED_DELIVERY.includes(row.status) ? row.updatedAt : null
    return { kind, id, ...row, endedAt }
  }
  for (const { table, requester } of ORDER_TABLES) {
    const [row] = await db
      .select({
        requesterId: requester,
        donorId: listings.donorId,
        title: listings.title,
        status: table.status,
        updatedAt: table.updatedAt,
      })
      .from(table)
      .innerJoin(listings, eq(listings.id, table.listingId))
      .where(eq(table.id, id))
    if (!row) continue
    const endedAt = ENDED_ORDER.includes(row.status) ? row.updatedAt : null
    return { kind, id, ...row, volunteerId: null, endedAt }
  }
  return undefined
}

/**
 * The most recent open order or delivery of any of these users (as requester, donor or volunteer):
 * where a reply by SMS from their number goes (docs/decisions/0067-messages-by-sms.md).
 */
export async function latestOpenThreadOf(db: Db, userIds: string[]): Promise<Thread | undefined> {
  if (userIds.length === 0) return undefined
  const found: { kind: ThreadKind; id: string; at: Date }[] = []
  for (const { table, requester } of ORDER_TABLES) {
    const [row] = await db
      .select({ id: table.id, at: table.updatedAt })
      .from(table)
      .innerJoin(listings, eq(listings.id, table.listingId))
      .where(
        and(
          notInArray(table.status, ENDED_ORDER),
          or(inArray(requester, userIds), inArray(listings.donorId, userIds)),
        ),
      )
      .orderBy(desc(table.updatedAt))
      .limit(1)
    if (row) found.push({ kind: 'order', ...row })
  }
  const [delivery] = await db
    .select({ id: deliveries.id, at: deliveries.updatedAt })
    .from(deliveries)
    .innerJoin(listings, eq(listings.id, deliveries.listingId))
    .where(
      and(
        notInArray(deliveries.status, ENDED_DELIVERY),
        or(
          inArray(deliveries.requesterId, userIds),
          inArray(deliveries.volunteerId, userIds),
          inArray(listings.donorId, userIds),
        ),
      ),
    )
    .orderBy(desc(deliveries.updatedAt))
    .limit(1)
  if (delivery) found.push({ kind: 'delivery', ...delivery })
  const latest = found.sort((a, b) => b.at.getTime() - a.at.getTime())[0]
  return latest && findThread(db, latest.kind, latest.id)
}
