/** Fair use on the server: one person's usage, counted inside the order's transaction (src/shared/fair-use.ts). */
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import {
  FAIR_USE_ERROR_KEYS,
  type FairUseLimits,
  type FairUseRefusal,
  type FairUseUsage,
  fairUseRefusal,
  noShowLookbackStart,
  sriLankaDayStart,
} from '../../../shared/fair-use'
import { organisationLimits } from '../../../shared/organisations'
import type { FairUse } from '../../../shared/schemas/orders'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { claims, foodRequests, users } from '../../db/schema'
import { AppError } from '../../platform/errors'
import { type VerifiedOrganisation, verifiedOrganisation } from '../organisations/service'

const OPEN = ['pending', 'confirmed']

/** The person's open orders, free portions today and recent no-shows. */
export async function fairUseUsage(
  db: Database | Transaction,
  userId: string,
  now: Date,
  limits: FairUseLimits,
): Promise<FairUseUsage> {
  const dayStart = sriLankaDayStart(now)
  const lookback = noShowLookbackStart(now, limits)
  const [claimCounts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${inArray(claims.status, OPEN)})`.mapWith(Number),
      // Portions the person took today: cancelled or declined orders gave theirs back, but not a no-show.
      today:
        sql<number>`coalesce(sum(${claims.quantity}) filter (where ${claims.createdAt} >= ${dayStart} and (${inArray(claims.status, [...OPEN, 'completed'])} or ${claims.noShowAt} is not null)), 0)`.mapWith(
          Number,
        ),
    })
    .from(claims)
    .where(eq(claims.claimantId, userId))
  const [requestCounts] = await db
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(foodRequests)
    .where(and(eq(foodRequests.requesterId, userId), inArray(foodRequests.status, OPEN)))
  const noShows = await db
    .select({ at: claims.noShowAt })
    .from(claims)
    .where(and(eq(claims.claimantId, userId), isNotNull(claims.noShowAt), gte(claims.noShowAt, lookback)))
    .unionAll(
      db
        .select({ at: foodRequests.noShowAt })
        .from(foodRequests)
        .where(
          and(
            eq(foodRequests.requesterId, userId),
            isNotNull(foodRequests.noShowAt),
            gte(foodRequests.noShowAt, lookback),
          ),
        ),
    )
  return {
    openOrders: (claimCounts?.open ?? 0) + (requestCounts?.open ?? 0),
    freePortionsToday: claimCounts?.today ?? 0,
    noShowTimes: noShows.map((row) => row.at!),
  }
}

/** The refusal as the API answers it: 409, which limit, its figure and until when (Sri Lankan time). */
function refusalError(refused: FairUseRefusal, limits: FairUseLimits): AppError {
  const max = {
    openOrders: limits.maxOpenOrders,
    dailyPortions: limits.maxDailyFreePortions,
    noShowPause: limits.noShowsToPause,
  }[refused.limit]
  const until = refused.until ? sriLankaParts(refused.until) : null
  return new AppError(409, 'fair_use', FAIR_USE_ERROR_KEYS[refused.limit], {
    limit: refused.limit,
    max,
    days: limits.noShowWindowDays,
    ...(until ? { until: `${until.date} ${until.time}` } : {}),
  })
}

/**
 * The limits of one account: a person's, or a verified organisation's scaled to its capacity
 * (docs/decisions/0054-organisations-and-their-limits.md).
 */
export function limitsOf(organisation: VerifiedOrganisation | null, limits: FairUseLimits): FairUseLimits {
  return organisation ? organisationLimits(limits, organisation.capacity) : limits
}

/**
 * Refuses an order the account may not place now. Locks the person's row first, so two orders at
 * once are counted one after the other.
 */
export async function assertFairUse(
  tx: Transaction,
  userId: string,
  order: { quantity: number; free: boolean },
  limits: FairUseLimits,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const now = new Date()
  const refused = fairUseRefusal(await fairUseUsage(tx, userId, now, limits), order, now, limits)
  if (refused) throw refusalError(refused, limits)
}

/** GET /api/me/fair-use: the limits, the person's usage and what holds them back now. */
export async function fairUseOf(db: Database, userId: string, personal: FairUseLimits): Promise<FairUse> {
  const limits = limitsOf(await verifiedOrganisation(db, userId), personal)
  const now = new Date()
  const usage = await fairUseUsage(db, userId, now, limits)
  const refused = fairUseRefusal(usage, { quantity: 1, free: true }, now, limits)
  const paused = refused?.limit === 'noShowPause' ? refused.until : null
  return {
    limits,
    openOrders: usage.openOrders,
    freePortionsToday: usage.freePortionsToday,
    recentNoShows: usage.noShowTimes.filter(
      (t) => t.getTime() > now.getTime() - limits.noShowWindowDays * 24 * 60 * 60 * 1000,
    ).length,
    pausedUntil: paused ? paused.toISOString() : null,
  }
}
