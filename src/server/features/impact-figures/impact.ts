import { and, eq, gte, lte } from 'drizzle-orm'
import {
  carKmEquivalent,
  co2SavedKg,
  familiesSupported,
  lastMonthKeys,
  monthStart,
  onTimeRate,
  peopleReached,
  treeYearsEquivalent,
  trendPercent,
  volunteerHours,
  wastePreventedKg,
  waterSavedLitres,
} from '../../../shared/impact'
import type { Impact } from '../../../shared/schemas/stats'
import type { Database } from '../../db/client'
import { deliveries, listings, users } from '../../db/schema'
import {
  collectedOrders,
  completedDeliveries,
  distinctCount,
  inMonth,
  isCompletedDelivery,
  isMember,
  isPartnerBusiness,
  mealsShared,
  monthOf,
  overMonths,
  tally,
} from './figures'
import { outcomeFigures } from './outcomes'
import { runFigures } from './runs'

/** Meals shared (all time, this and last month) with whom and where they reached. */
async function sharedMeals(db: Database, now: Date) {
  const [row] = await db
    .select({
      ...overMonths(mealsShared, collectedOrders.completedAt, now),
      recipients: distinctCount(collectedOrders.userId),
      districts: distinctCount(listings.pickupDistrict),
    })
    .from(collectedOrders)
    .innerJoin(listings, eq(listings.id, collectedOrders.listingId))
  return row!
}

/** Members and partner businesses in all, and those who joined this and last month. */
async function membership(db: Database, now: Date) {
  const [row] = await db
    .select({
      ...overMonths(tally, users.createdAt, now),
      partners: tally(isPartnerBusiness),
      partnersThisMonth: tally(and(isPartnerBusiness, inMonth(users.createdAt, now))),
      partnersLastMonth: tally(and(isPartnerBusiness, inMonth(users.createdAt, now, 1))),
      volunteers: tally(eq(users.role, 'volunteer')),
    })
    .from(users)
    .where(isMember)
  return row!
}

/** Meals shared per Sri Lankan month, from `start` on. */
async function mealsByMonth(db: Database, start: Date): Promise<Map<string, number>> {
  const month = monthOf(collectedOrders.completedAt)
  const rows = await db
    .select({ month, meals: mealsShared() })
    .from(collectedOrders)
    .where(gte(collectedOrders.completedAt, start))
    .groupBy(month)
  return new Map(rows.map((r) => [r.month, r.meals]))
}

async function deliveryFigures(db: Database) {
  const [row] = await db
    .select({
      completed: completedDeliveries,
      onTime: tally(lte(deliveries.completedAt, deliveries.deliveryAt)),
    })
    .from(deliveries)
    .where(isCompletedDelivery)
  return row!
}

/** The impact page's figures, all computed from the data (docs/decisions/0012-figures-are-real.md). */
export async function impactFigures(db: Database, now = new Date()): Promise<Impact> {
  const [meals, members, byMonth, delivered, outcomes, runs] = await Promise.all([
    sharedMeals(db, now),
    membership(db, now),
    mealsByMonth(db, monthStart(now, 5)),
    deliveryFigures(db),
    outcomeFigures(db, now),
    runFigures(db),
  ])
  const mealsTrend = trendPercent(meals.thisMonth, meals.lastMonth)
  const co2 = co2SavedKg(meals.total)
  return {
    headline: {
      mealsShared: { value: meals.total, trend: mealsTrend },
      // Members, not active users: everyone who signed up, with a trend of who joined (see figures.ts).
      activeMembers: { value: members.total, trend: trendPercent(members.thisMonth, members.lastMonth) },
      wastePreventedKg: { value: wastePreventedKg(meals.total), trend: mealsTrend },
      partnerBusinesses: {
        value: members.partners,
        trend: trendPercent(members.partnersThisMonth, members.partnersLastMonth),
      },
    },
    environmental: {
      co2SavedKg: co2,
      waterSavedLitres: waterSavedLitres(meals.total),
      landfillWasteKg: wastePreventedKg(meals.total),
      treeYears: treeYearsEquivalent(co2),
      carKm: carKmEquivalent(co2),
    },
    social: {
      peopleReached: peopleReached(meals.total),
      familiesSupported: familiesSupported(meals.total),
      recipientsServed: meals.recipients,
      districtsReached: meals.districts,
    },
    growth: lastMonthKeys(now, 6).map((month) => {
      const value = byMonth.get(month) ?? 0
      return { month, meals: value, wasteKg: wastePreventedKg(value) }
    }),
    volunteers: {
      activeVolunteers: members.volunteers,
      deliveriesCompleted: delivered.completed,
      volunteerHours: volunteerHours(delivered.completed),
      onTimeRate: onTimeRate(delivered.onTime, delivered.completed),
      stopsPerRun: runs.stopsPerRun,
      kmPerServing: runs.kmPerServing,
    },
    outcomes,
  }
}
