import { and, desc, eq, sql } from 'drizzle-orm'
import { donorBadges } from '../../../shared/badges'
import {
  donorFigures,
  MONTHS_OF_PROGRESS,
  progressPercents,
  RECENT_ITEMS,
} from '../../../shared/dashboard-figures'
import { lastMonthKeys, monthStart } from '../../../shared/impact'
import type { ListingStatus, ListingType } from '../../../shared/reference-data'
import type { DonorDashboard } from '../../../shared/schemas/dashboards'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { listings } from '../../db/schema'
import { availableSql } from '../listings/service'
import {
  allOrders,
  collectedOrders,
  completedDonations,
  distinctCount,
  isCollected,
  isNotCancelled,
  mealsShared,
  monthOf,
  since,
  tally,
  total,
} from './figures'
import { donorOutcomes } from './outcomes'

const badgeOf = ({ id, icon }: { id: string; icon: string }) => ({ id, icon })

/** The donor's listings: how many, how many can be ordered now, and completed. */
export async function donorCounts(db: Database, donorId: string) {
  const [row] = await db
    .select({
      total: tally(),
      active: tally(availableSql),
      completed: completedDonations,
    })
    .from(listings)
    .where(eq(listings.donorId, donorId))
  return row!
}

async function recentDonations(db: Database, donorId: string) {
  const rows = await db
    .select({
      ...columnsOf(
        listings,
        'id',
        'title',
        'status',
        'type',
        'quantity',
        'initialQuantity',
        'pickupCity',
        'createdAt',
      ),
      imageUrl: sql<string | null>`${listings.imageUrls}[1]`,
    })
    .from(listings)
    .where(eq(listings.donorId, donorId))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(RECENT_ITEMS)
  return rows.map((r) => ({
    ...r,
    status: r.status as ListingStatus,
    type: r.type as ListingType,
    createdAt: r.createdAt.toISOString(),
  }))
}

/** Listings posted per Sri Lankan month, and servings collected from them per month of collection. */
async function donationsByMonth(db: Database, donorId: string, start: Date) {
  const posted = monthOf(listings.createdAt)
  const collected = monthOf(collectedOrders.completedAt)
  const [donations, meals] = await Promise.all([
    db
      .select({ month: posted, donations: tally() })
      .from(listings)
      .where(and(eq(listings.donorId, donorId), since(listings.createdAt, start)))
      .groupBy(posted),
    db
      .select({ month: collected, meals: mealsShared() })
      .from(collectedOrders)
      .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
      .where(and(eq(listings.donorId, donorId), since(collectedOrders.completedAt, start)))
      .groupBy(collected),
  ])
  return {
    donations: new Map(donations.map((r) => [r.month, r.donations])),
    meals: new Map(meals.map((r) => [r.month, r.meals])),
  }
}

/**
 * Orders on the donor's listings: collected ones and their servings (the donor's meals shared,
 * docs/decisions/0048-outcomes-not-offers.md), and the distinct people who ordered (not cancelled).
 */
async function ordersReceived(db: Database, donorId: string) {
  const [row] = await db
    .select({
      completed: tally(isCollected(allOrders.status)),
      servingsCollected: total(allOrders.quantity, isCollected(allOrders.status)),
      recipients: distinctCount(allOrders.userId, isNotCancelled(allOrders.status)),
    })
    .from(allOrders)
    .innerJoin(listings, eq(listings.id, allOrders.listingId))
    .where(eq(listings.donorId, donorId))
  return row!
}

/** Every figure is the signed-in donor's own: their listings and the orders on them. */
export async function donorDashboard(
  db: Database,
  donorId: string,
  now = new Date(),
): Promise<DonorDashboard> {
  const [counts, recent, byMonth, orders, outcomes] = await Promise.all([
    donorCounts(db, donorId),
    recentDonations(db, donorId),
    donationsByMonth(db, donorId, monthStart(now, MONTHS_OF_PROGRESS - 1)),
    ordersReceived(db, donorId),
    donorOutcomes(db, donorId, now),
  ])
  const figures = donorFigures({
    mealsShared: orders.servingsCollected,
    completedDonations: counts.completed,
  })
  const months = lastMonthKeys(now, MONTHS_OF_PROGRESS).map((month) => ({
    month,
    donations: byMonth.donations.get(month) ?? 0,
    meals: byMonth.meals.get(month) ?? 0,
  }))
  const percents = progressPercents(months.map((m) => m.meals))
  return {
    stats: {
      totalDonations: counts.total,
      activeDonations: counts.active,
      completedDonations: counts.completed,
      mealsShared: figures.mealsShared,
      impactScore: figures.impactScore,
    },
    badges: donorBadges({ donations: counts.total, completedDonations: counts.completed }).map(badgeOf),
    recent,
    monthly: months.map((m, i) => ({ ...m, percent: percents[i]! })),
    environment: figures.environment,
    community: { ...figures.community, ordersCompleted: orders.completed, recipients: orders.recipients },
    outcomes,
  }
}
