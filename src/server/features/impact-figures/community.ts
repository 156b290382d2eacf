import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { volunteerBadges } from '../../../shared/badges'
import {
  DONOR_SCORE,
  LEADERBOARD_SIZE,
  type LeaderboardPeriod,
  periodStart,
  RECIPIENT_SCORE,
  VOLUNTEER_SCORE,
  volunteerHours,
  volunteerImpactScore,
} from '../../../shared/impact'
import type { Role } from '../../../shared/reference-data'
import type { LeaderboardEntry, VolunteerCard } from '../../../shared/schemas/stats'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { deliveries, listings, users } from '../../db/schema'
import {
  allOrders,
  avatarUrl,
  collectedOrders,
  completedDeliveries,
  completedDonations,
  deliveriesTaken,
  isCollected,
  isCompletedDelivery,
  mealsShared,
  scoreSql,
  since,
  tally,
} from './figures'

const qb = new QueryBuilder()

/** Volunteers with their deliveries, hours, score and badges; the most active first. */
export async function listVolunteers(
  db: Database,
  page: number,
  size: number,
): Promise<{ items: VolunteerCard[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      avatarUrl,
      location: users.location,
      joinedAt: users.createdAt,
      deliveries: deliveriesTaken,
      completed: completedDeliveries,
    })
    .from(users)
    .leftJoin(deliveries, eq(deliveries.volunteerId, users.id))
    .where(eq(users.role, 'volunteer'))
    .groupBy(users.id)
    .orderBy(desc(completedDeliveries), asc(users.createdAt), asc(users.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  const items = rows.slice(0, size).map(
    (r): VolunteerCard => ({
      id: r.id,
      name: r.name,
      avatarUrl: r.avatarUrl,
      location: r.location,
      joinedAt: r.joinedAt.toISOString(),
      deliveries: r.deliveries,
      completedDeliveries: r.completed,
      volunteerHours: volunteerHours(r.completed),
      impactScore: volunteerImpactScore(r.completed),
      badges: volunteerBadges({ deliveries: r.deliveries, completedDeliveries: r.completed }).map(
        ({ id, icon }) => ({ id, icon }),
      ),
    }),
  )
  return { items, hasMore: rows.length > size }
}

/**
 * The top 10 by impact score over a period, ranked in SQL from dated activity with the score
 * weights of src/shared/impact.ts:
 * - donors: servings collected from their listings in the period x 10 + their listings created in
 *   the period and completed x 5;
 * - volunteers: deliveries completed in the period x 25;
 * - recipients: orders (claims and requests) they collected in the period x 5.
 */
export async function leaderboard(
  db: Database,
  period: LeaderboardPeriod,
  now = new Date(),
): Promise<LeaderboardEntry[]> {
  const start = periodStart(period, now)
  // Donors score the servings collected from their listings in the period and the donations they
  // completed in it: food nobody took earns nothing (docs/decisions/0048-outcomes-not-offers.md). A
  // listing a moderator hid earns no rank; impact figures still count what was really shared
  // (docs/decisions/0037-moderation.md).
  const none = sql`0`
  const donorCollections = qb
    .select({
      userId: sql<string>`${listings.donorId}`.as('scored_user_id'),
      score:
        sql<number>`${scoreSql(DONOR_SCORE, { servingsCollected: mealsShared(), completedDonations: none })}`.as(
          'score',
        ),
    })
    .from(collectedOrders)
    .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
    .where(and(since(collectedOrders.completedAt, start), isNull(listings.hiddenAt)))
    .groupBy(listings.donorId)
  const donorDonations = qb
    .select({
      userId: sql<string>`${listings.donorId}`.as('scored_user_id'),
      score: sql<number>`${scoreSql(DONOR_SCORE, { servingsCollected: none, completedDonations })}`.as(
        'score',
      ),
    })
    .from(listings)
    .where(and(since(listings.createdAt, start), isNull(listings.hiddenAt)))
    .groupBy(listings.donorId)
  const volunteers = qb
    .select({
      userId: sql<string>`${deliveries.volunteerId}`.as('scored_user_id'),
      score: sql<number>`${scoreSql(VOLUNTEER_SCORE, { completedDeliveries: tally() })}`.as('score'),
    })
    .from(deliveries)
    .where(and(isCompletedDelivery, isNotNull(deliveries.volunteerId), since(deliveries.completedAt, start)))
    .groupBy(deliveries.volunteerId)
  const recipients = qb
    .select({
      userId: sql<string>`${allOrders.userId}`.as('scored_user_id'),
      score: sql<number>`${scoreSql(RECIPIENT_SCORE, { collectedOrders: tally() })}`.as('score'),
    })
    .from(allOrders)
    .where(and(isCollected(allOrders.status), since(allOrders.completedAt, start)))
    .groupBy(allOrders.userId)
  const activity = donorCollections
    .unionAll(donorDonations)
    .unionAll(volunteers)
    .unionAll(recipients)
    .as('activity')
  const score = sql<number>`sum(${activity.score})::int`.mapWith(Number)
  const rows = await db
    .select({ ...columnsOf(users, 'id', 'name', 'role', 'location'), avatarUrl, score })
    .from(activity)
    .innerJoin(users, eq(users.id, activity.userId))
    .groupBy(users.id)
    .having(sql`sum(${activity.score}) > 0`)
    .orderBy(desc(score), asc(users.name), asc(users.id))
    .limit(LEADERBOARD_SIZE)
  return rows.map((r, i) => ({ rank: i + 1, ...r, role: r.role as Role | null }))
}
