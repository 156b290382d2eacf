/**
 * A donor's answer by SMS to "reply a number, or 0 for none today": a bare number from a phone whose
 * account has an occurrence awaiting its quantity confirms it (0 skips the day). Anything else, or
 * no occurrence waiting, is left to the other replies (docs/decisions/0068-standing-arrangements.md).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { datesToSweep, windowOpens } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { standingOccurrences, standingOffers } from '../../db/schema'
import { AppError } from '../../platform/errors'
import { confirmOccurrence } from './answers'
import type { PostingRules } from './occurrences'

const BARE_NUMBER = /^\s*(\d{1,6})\s*$/

export type StandingSmsAnswer = {
  userId: string
  key: string
  params: Record<string, string | number>
}

export async function answerStandingQuantity(
  db: Database,
  reply: { accounts: readonly { id: string }[]; text: string; now: Date },
  rules: PostingRules,
): Promise<StandingSmsAnswer | null> {
  const match = BARE_NUMBER.exec(reply.text.normalize('NFKC'))
  if (!match || reply.accounts.length === 0) return null
  const waiting = await db
    .select({ offer: standingOffers, date: standingOccurrences.date })
    .from(standingOccurrences)
    .innerJoin(standingOffers, eq(standingOffers.id, standingOccurrences.offerId))
    .where(
      and(
        eq(standingOccurrences.status, 'asked'),
        inArray(standingOccurrences.date, datesToSweep(reply.now)),
        inArray(
          standingOffers.donorId,
          reply.accounts.map((a) => a.id),
        ),
      ),
    )
    .orderBy(asc(standingOccurrences.date), asc(standingOffers.windowStart))
  const next = waiting.find((row) => windowOpens(row.date, row.offer) > reply.now)
  if (!next) return null
  const { offer, date } = next
  const quantity = Number(match[1])
  const params = { title: offer.title, quantity, time: offer.windowStart }
  if (quantity > 10_000) return { userId: offer.donorId, key: 'sms.reply.standingInvalid', params }
  try {
    await confirmOccurrence(db, offer.id, date, offer.donorId, quantity, rules, reply.now)
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return { userId: offer.donorId, key: 'sms.reply.standingAlreadyDecided', params }
    }
    throw error
  }
  return {
    userId: offer.donorId,
    key: quantity === 0 ? 'sms.reply.standingSkipped' : 'sms.reply.standingPosted',
    params,
  }
}
