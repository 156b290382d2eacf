import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { volunteerBadges } from '../../../shared/badges'
import {
  averageRating,
  RECENT_ITEMS,
  volunteerImpact,
  volunteerMonth,
} from '../../../shared/dashboard-figures'
import { volunteerHours } from '../../../shared/impact'
import type { DeliveryStatus } from '../../../shared/reference-data'
import type { VolunteerDashboard } from '../../../shared/schemas/dashboards'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { deliveries, listings, ratings } from '../../db/schema'
import { completedDeliveries, deliveriesTaken, inMonth, isCompletedDelivery, tally, total } from './figures'
import { runFigures } from './runs'

/** The volunteer's deliveries counted: taken, completed, under way, fees, ratings and this month's. */
export async function volunteerCounts(db: Database, volunteerId: string, now: Date) {
  const [row] = await db
    .select({
      total: deliveriesTaken,
      completed: completedDeliveries,
      active: tally(inArray(deliveries.status, ['assigned', 'in-progress'])),
      fees: total(deliveries.fee, isCompletedDelivery),
      thisMonth: tally(and(isCompletedDelivery, inMonth(deliveries.completedAt, now))),
    })
    .from(deliveries)
    .where(eq(deliveries.volunteerId, volunteerId))
  return row!
}

/** The ratings the volunteer's deliveries received (the ratings model, docs/decisions/0038-trust-ratings-fair-use.md). */
async function deliveryRatings(db: Database, volunteerId: string) {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${ratings.score}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ratings)
    .where(and(eq(ratings.rateeId, volunteerId), isNotNull(ratings.deliveryId)))
  return row!
}

async function recentDeliveries(db: Database, volunteerId: string) {
  const rows = await db
    .select({
      ...columnsOf(deliveries, 'id', 'city', 'district', 'deliveryAt', 'fee', 'status'),
      title: listings.title,
    })
    .from(deliveries)
    .innerJoin(listings, eq(listings.id, deliveries.listingId))
    .where(eq(deliveries.volunteerId, volunteerId))
    .orderBy(
      desc(
        sql`coalesce(${deliveries.completedAt}, ${deliveries.pickedUpAt}, ${deliveries.assignedAt}, ${deliveries.createdAt})`,
      ),
      desc(deliveries.id),
    )
    .limit(RECENT_ITEMS)
  return rows.map((r) => ({
    ...r,
    deliveryAt: r.deliveryAt.toISOString(),
    status: r.status as DeliveryStatus,
  }))
}

/** The signed-in volunteer's deliveries; the rating is the average the recipients gave. */
export async function volunteerDashboard(
  db: Database,
  volunteerId: string,
  now = new Date(),
): Promise<VolunteerDashboard> {
  const [counts, rated, recent, runs] = await Promise.all([
    volunteerCounts(db, volunteerId, now),
    deliveryRatings(db, volunteerId),
    recentDeliveries(db, volunteerId),
    runFigures(db, volunteerId),
  ])
  return {
    stats: {
      totalDeliveries: counts.total,
      completedDeliveries: counts.completed,
      activeDeliveries: counts.active,
      totalHours: volunteerHours(counts.completed),
      feesEarned: counts.fees,
    },
    rating: averageRating(rated.sum, rated.count),
    ratingCount: rated.count,
    badges: volunteerBadges({ deliveries: counts.total, completedDeliveries: counts.completed }).map(
      ({ id, icon }) => ({ id, icon }),
    ),
    thisMonth: volunteerMonth(counts.thisMonth),
    impact: volunteerImpact(counts.completed),
    runs,
    recent,
  }
}
