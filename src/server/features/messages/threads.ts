/**
 * A thread's parties and state (docs/decisions/0066-messages.md): an order's (a claim's or a food
 * request's) are its requester and the listing's donor; a delivery's add its volunteer once one has
 * accepted. Read from the orders' and deliveries' own tables, as the policy reads them: the thread
 * needs who they concern and when they ended, nothing of their presentation.
 */
import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm'
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

/** Where threads live: the two order tables and deliveries, with the columns naming their parties. */
const SOURCES = [
  { kind: 'order', table: claims, requester: claims.claimantId, volunteer: null },
  { kind: 'order', table: foodRequests, requester: foodRequests.requesterId, volunteer: null },
  {
    kind: 'delivery',
    table: deliveries,
    requester: deliveries.requesterId,
    volunteer: deliveries.volunteerId,
  },
] as const

const ENDED = ['completed', 'cancelled']

type Db = Database | Transaction

/** The people a thread is between. */
export function partiesOf(thread: Thread): string[] {
  return [thread.requesterId, thread.donorId, thread.volunteerId].filter((id): id is string => Boolean(id))
}

/** The order's or delivery's thread; undefined when no such order or delivery exists. */
export async function findThread(db: Db, kind: ThreadKind, id: string): Promise<Thread | undefined> {
  for (const { table, requester, volunteer } of SOURCES.filter((source) => source.kind === kind)) {
    const [row] = await db
      .select({
        requesterId: requester,
        donorId: listings.donorId,
        // An order has no volunteer: one with a delivery has its own thread.
        volunteerId: volunteer ?? sql<null>`null`,
        title: listings.title,
        status: table.status,
        updatedAt: table.updatedAt,
      })
      .from(table)
      .innerJoin(listings, eq(listings.id, table.listingId))
      .where(eq(table.id, id))
    if (!row) continue
    const endedAt = ENDED.includes(row.status) ? row.updatedAt : null
    return { kind, id, ...row, endedAt }
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
  for (const { kind, table, requester, volunteer } of SOURCES) {
    const [row] = await db
      .select({ id: table.id, at: table.updatedAt })
      .from(table)
      .innerJoin(listings, eq(listings.id, table.listingId))
      .where(
        and(
          notInArray(table.status, ENDED),
          or(
            inArray(requester, userIds),
            inArray(listings.donorId, userIds),
            volunteer ? inArray(volunteer, userIds) : undefined,
          ),
        ),
      )
      .orderBy(desc(table.updatedAt))
      .limit(1)
    if (row) found.push({ kind, ...row })
  }
  const latest = found.sort((a, b) => b.at.getTime() - a.at.getTime())[0]
  return latest && findThread(db, latest.kind, latest.id)
}
