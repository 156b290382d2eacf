import { type SQL, sql } from 'drizzle-orm'
import { volunteerBadges } from '../../../shared/badges'
import {
  carKmEquivalent,
  co2SavedKg,
  familiesSupported,
  LEADERBOARD_SIZE,
  type LeaderboardPeriod,
  lastMonthKeys,
  monthStart,
  onTimeRate,
  POINTS_PER_COMPLETED,
  POINTS_PER_DELIVERY,
  POINTS_PER_MEAL,
  peopleReached,
  periodStart,
  treeYearsEquivalent,
  trendPercent,
  volunteerHours,
  volunteerImpactScore,
  wastePreventedKg,
  waterSavedLitres,
} from '../../../shared/impact'
import type { Role } from '../../../shared/reference-data'
import type { Impact, LeaderboardEntry, VolunteerCard } from '../../../shared/schemas/stats'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'

/** Rows of db.execute on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement))
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** Volunteers with their deliveries, hours, score and badges; the most active first. */
export async function listVolunteers(
  db: Database,
  page: number,
  size: number,
): Promise<{ items: VolunteerCard[]; hasMore: boolean }> {
  const rows = await query<{
    id: string
    name: string
    avatar_url: string | null
    location: string | null
    created_at: Date | string
    deliveries: number
    completed: number
  }>(
    db,
    sql`
      select u.id, u.name, coalesce(u.profile_image_url, u.image) as avatar_url, u.location, u.created_at,
        count(d.id) filter (where d.status <> 'cancelled')::int as deliveries,
        count(d.id) filter (where d.status = 'completed')::int as completed
      from users u
      left join delivery_requests d on d.volunteer_id = u.id
      where u.role = 'volunteer'
      group by u.id
      order by completed desc, u.created_at asc, u.id
      limit ${size + 1} offset ${(page - 1) * size}`,
  )
  const items = rows.slice(0, size).map((r): VolunteerCard => {
    const completed = Number(r.completed)
    const deliveries = Number(r.deliveries)
    return {
      id: r.id,
      name: r.name,
      avatarUrl: r.avatar_url,
      location: r.location,
      joinedAt: iso(r.created_at),
      deliveries,
      completedDeliveries: completed,
      volunteerHours: volunteerHours(completed),
      impactScore: volunteerImpactScore(completed),
      badges: volunteerBadges({ deliveries, completedDeliveries: completed }).map(({ id, icon }) => ({
        id,
        icon,
      })),
    }
  })
  return { items, hasMore: rows.length > size }
}

/**
 * The top 10 by impact score over a period, computed in SQL from dated activity (the formulas of
 * src/shared/impact.ts):
 * - donors: servings of their listings created in the period x 10 + those of them completed x 5;
 * - volunteers: deliveries completed in the period x 25;
 * - recipients: orders (claims and requests) they collected in the period x 5.
 */
export async function leaderboard(
  db: Database,
  period: LeaderboardPeriod,
  now = new Date(),
): Promise<LeaderboardEntry[]> {
  const start = periodStart(period, now)
  const since = (column: SQL) => (start ? sql`${column} >= ${start.toISOString()}::timestamptz` : sql`true`)
  const rows = await query<{
    id: string
    name: string
    role: string | null
    location: string | null
    avatar_url: string | null
    score: number
  }>(
    db,
    sql`
      with activity as (
        select l.donor_id as user_id,
          sum(l.initial_quantity) * ${POINTS_PER_MEAL}
            + count(*) filter (where l.status = 'completed') * ${POINTS_PER_COMPLETED} as score
        from listings l where ${since(sql`l.created_at`)} group by l.donor_id
        union all
        select d.volunteer_id, count(*) * ${POINTS_PER_DELIVERY}
        from delivery_requests d
        where d.status = 'completed' and d.volunteer_id is not null and ${since(sql`d.completed_at`)}
        group by d.volunteer_id
        union all
        select c.claimant_id, count(*) * ${POINTS_PER_COMPLETED}
        from claims c where c.status = 'completed' and ${since(sql`c.completed_at`)} group by c.claimant_id
        union all
        select r.requester_id, count(*) * ${POINTS_PER_COMPLETED}
        from food_requests r where r.status = 'completed' and ${since(sql`r.completed_at`)}
        group by r.requester_id
      )
      select u.id, u.name, u.role, u.location, coalesce(u.profile_image_url, u.image) as avatar_url,
        sum(a.score)::int as score
      from activity a join users u on u.id = a.user_id
      group by u.id
      having sum(a.score) > 0
      order by score desc, u.name asc, u.id
      limit ${LEADERBOARD_SIZE}`,
  )
  return rows.map((r, i) => ({
    rank: i + 1,
    id: r.id,
    name: r.name,
    role: r.role as Role | null,
    location: r.location,
    avatarUrl: r.avatar_url,
    score: Number(r.score),
  }))
}

/**
 * Servings that reached someone: claims and requests the donor approved or that were collected
 * (pending and declined orders do not count).
 */
const SHARED_ORDERS = sql`(
  select quantity, created_at, listing_id, claimant_id as user_id from claims where status in ('confirmed', 'completed')
  union all
  select quantity, created_at, listing_id, requester_id from food_requests where status in ('confirmed', 'completed')
)`

/** The impact page's figures, all computed from the data (DESIGN 4.7). */
export async function impactFigures(db: Database, now = new Date()): Promise<Impact> {
  const thisMonth = monthStart(now).toISOString()
  const lastMonth = monthStart(now, 1).toISOString()
  const sixMonths = monthStart(now, 5).toISOString()
  const inThisMonth = (column: SQL) => sql`${column} >= ${thisMonth}::timestamptz`
  const inLastMonth = (column: SQL) =>
    sql`${column} >= ${lastMonth}::timestamptz and ${column} < ${thisMonth}::timestamptz`

  const [meals] = await query<{
    total: number
    this_month: number
    last_month: number
    recipients: number
    districts: number
  }>(
    db,
    sql`
      select coalesce(sum(o.quantity), 0)::int as total,
        coalesce(sum(o.quantity) filter (where ${inThisMonth(sql`o.created_at`)}), 0)::int as this_month,
        coalesce(sum(o.quantity) filter (where ${inLastMonth(sql`o.created_at`)}), 0)::int as last_month,
        count(distinct o.user_id)::int as recipients,
        count(distinct l.pickup_district)::int as districts
      from ${SHARED_ORDERS} o join listings l on l.id = o.listing_id`,
  )
  const [members] = await query<{
    total: number
    this_month: number
    last_month: number
    partners: number
    partners_this_month: number
    partners_last_month: number
    volunteers: number
  }>(
    db,
    sql`
      select count(*)::int as total,
        count(*) filter (where ${inThisMonth(sql`created_at`)})::int as this_month,
        count(*) filter (where ${inLastMonth(sql`created_at`)})::int as last_month,
        count(*) filter (where role = 'donor' and donor_type is not null and donor_type <> 'home')::int as partners,
        count(*) filter (where role = 'donor' and donor_type is not null and donor_type <> 'home'
          and ${inThisMonth(sql`created_at`)})::int as partners_this_month,
        count(*) filter (where role = 'donor' and donor_type is not null and donor_type <> 'home'
          and ${inLastMonth(sql`created_at`)})::int as partners_last_month,
        count(*) filter (where role = 'volunteer')::int as volunteers
      from users where role is not null`,
  )
  const monthly = await query<{ month: string; meals: number }>(
    db,
    sql`
      select to_char(o.created_at at time zone ${SRI_LANKA_TIME_ZONE}, 'YYYY-MM') as month,
        sum(o.quantity)::int as meals
      from ${SHARED_ORDERS} o
      where o.created_at >= ${sixMonths}::timestamptz
      group by 1`,
  )
  const [deliveries] = await query<{ completed: number; on_time: number }>(
    db,
    sql`
      select count(*)::int as completed,
        count(*) filter (where completed_at <= delivery_at)::int as on_time
      from delivery_requests where status = 'completed'`,
  )

  const totalMeals = Number(meals?.total ?? 0)
  const mealsTrend = trendPercent(Number(meals?.this_month ?? 0), Number(meals?.last_month ?? 0))
  const co2 = co2SavedKg(totalMeals)
  const byMonth = new Map(monthly.map((m) => [m.month, Number(m.meals)]))
  const completed = Number(deliveries?.completed ?? 0)

  return {
    headline: {
      mealsShared: { value: totalMeals, trend: mealsTrend },
      activeMembers: {
        value: Number(members?.total ?? 0),
        trend: trendPercent(Number(members?.this_month ?? 0), Number(members?.last_month ?? 0)),
      },
      wastePreventedKg: { value: wastePreventedKg(totalMeals), trend: mealsTrend },
      partnerBusinesses: {
        value: Number(members?.partners ?? 0),
        trend: trendPercent(
          Number(members?.partners_this_month ?? 0),
          Number(members?.partners_last_month ?? 0),
        ),
      },
    },
    environmental: {
      co2SavedKg: co2,
      waterSavedLitres: waterSavedLitres(totalMeals),
      landfillWasteKg: wastePreventedKg(totalMeals),
      treeYears: treeYearsEquivalent(co2),
      carKm: carKmEquivalent(co2),
    },
    social: {
      peopleReached: peopleReached(totalMeals),
      familiesSupported: familiesSupported(totalMeals),
      recipientsServed: Number(meals?.recipients ?? 0),
      districtsReached: Number(meals?.districts ?? 0),
    },
    growth: lastMonthKeys(now, 6).map((month) => {
      const value = byMonth.get(month) ?? 0
      return { month, meals: value, wasteKg: wastePreventedKg(value) }
    }),
    volunteers: {
      activeVolunteers: Number(members?.volunteers ?? 0),
      deliveriesCompleted: completed,
      volunteerHours: volunteerHours(completed),
      onTimeRate: onTimeRate(Number(deliveries?.on_time ?? 0), completed),
    },
  }
}
