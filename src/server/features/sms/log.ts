/**
 * What the SMS log says beyond sending (docs/decisions/0061-sms-in-time.md): the first-refusal offer
 * a reply of 1 answers, and the texts that never reached a phone, for the operator.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { smsMessages } from '../../db/schema'

/** The kind of the answer to a reply that took (or could not take) a first-refusal offer. */
export const OFFER_ANSWER_KIND = 'offer_reply'
/** A reply of 1 can take an offer sent to the number this long ago at most. */
const OFFER_REPLY_HOURS = 24

/**
 * The latest first-refusal offer sent to the number in the last day and not answered yet: the
 * account it was for, its listing, and when it was written.
 */
export async function latestOfferTo(
  db: Database,
  phone: string,
  now: Date,
): Promise<{ userId: string; listingId: string; createdAt: Date } | undefined> {
  const since = new Date(now.getTime() - OFFER_REPLY_HOURS * 60 * 60_000)
  const rows = await db
    .select(columnsOf(smsMessages, 'kind', 'userId', 'relatedId', 'createdAt'))
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'out'),
        eq(smsMessages.phone, phone),
        inArray(smsMessages.kind, ['first_refusal_offer', OFFER_ANSWER_KIND]),
        gte(smsMessages.createdAt, since),
      ),
    )
    .orderBy(desc(smsMessages.createdAt))
  const answered = new Set(rows.filter((row) => row.kind === OFFER_ANSWER_KIND).map((row) => row.relatedId))
  const offer = rows.find(
    (row) => row.kind === 'first_refusal_offer' && row.relatedId && !answered.has(row.relatedId),
  )
  return offer?.userId && offer.relatedId
    ? { userId: offer.userId, listingId: offer.relatedId, createdAt: offer.createdAt }
    : undefined
}

/** The texts that never reached a phone, newest first, with the last error: expired, refused by a receipt, or dead before 0061. */
export async function failedSms(db: Database, limit = 50) {
  return db
    .select(columnsOf(smsMessages, 'id', 'kind', 'status', 'attempts', 'error', 'createdAt'))
    .from(smsMessages)
    .where(and(eq(smsMessages.direction, 'out'), inArray(smsMessages.status, ['expired', 'failed', 'dead'])))
    .orderBy(desc(smsMessages.createdAt))
    .limit(limit)
}
