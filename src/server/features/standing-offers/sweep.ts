/**
 * The standing sweep, every minute on the job queue (docs/decisions/0025-job-queue.md): for each
 * offer's occurrence of today or tomorrow, asks the donor two hours before the window and posts the
 * typical quantity half an hour before it when nobody answered. Idempotent per offer and date: the
 * occurrence row is the claim (askDonor and postOccurrence insert or move it once).
 */
import { and, gte, inArray, isNull, or } from 'drizzle-orm'
import { datesToSweep, dueStep } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { standingOccurrences, standingOffers } from '../../db/schema'
import { AppError } from '../../platform/errors'
import type { Jobs, PeriodicTask } from '../../platform/jobs'
import { askDonor, type PostingRules, postOccurrence } from './occurrences'

type Log = { error(obj: unknown, msg: string): void }

export async function sweepStandingOffers(
  db: Database,
  rules: PostingRules,
  now: Date = new Date(),
  log?: Log,
): Promise<number> {
  const dates = datesToSweep(now)
  const offers = await db
    .select()
    .from(standingOffers)
    .where(
      and(
        isNull(standingOffers.endedAt),
        or(isNull(standingOffers.endsOn), gte(standingOffers.endsOn, dates[0]!)),
      ),
    )
  if (offers.length === 0) return 0
  const decided = await db
    .select(columnsOf(standingOccurrences, 'offerId', 'date', 'status'))
    .from(standingOccurrences)
    .where(
      and(
        inArray(
          standingOccurrences.offerId,
          offers.map((o) => o.id),
        ),
        inArray(standingOccurrences.date, dates),
      ),
    )
  const state = new Map(decided.map((d) => [`${d.offerId}|${d.date}`, d.status]))
  let steps = 0
  for (const offer of offers) {
    for (const date of dates) {
      const status = state.get(`${offer.id}|${date}`)
      if (status === 'posted' || status === 'skipped') continue
      const step = dueStep(offer, date, now, status === 'asked')
      try {
        if (step === 'ask' && (await askDonor(db, offer, date, now))) steps++
        if (step === 'post') {
          await postOccurrence(db, offer, date, offer.quantity, rules, { byDefault: true, now })
          steps++
        }
      } catch (error) {
        // Another instance or the donor got there first (409), or this one offer is broken: the
        // others still run.
        if (!(error instanceof AppError && error.statusCode === 409)) {
          log?.error({ err: error, offerId: offer.id, date }, 'standing occurrence failed')
        }
      }
    }
  }
  return steps
}

export async function scheduleStandingSweep(
  jobs: Jobs,
  db: Database,
  rules: PostingRules,
  log: Log,
): Promise<PeriodicTask> {
  const runNow = () => sweepStandingOffers(db, rules, new Date(), log)
  await jobs.schedule('standing-sweep', '* * * * *', runNow)
  return { runNow }
}
