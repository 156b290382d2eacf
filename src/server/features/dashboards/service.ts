import { type SQL, sql } from 'drizzle-orm'
import { donorBadges, volunteerBadges } from '../../../shared/badges'
import {
  averageRating,
  categoryStars,
  donorFigures,
  MONTHS_OF_PROGRESS,
  mealsReceived,
  moneySaved,
  progressPercents,
  RECENT_ITEMS,
  volunteerImpact,
  volunteerMonth,
} from '../../../shared/dashboard-figures'
import { lastMonthKeys, monthStart, volunteerHours } from '../../../shared/impact'
import type { DeliveryStatus, ListingStatus, ListingType, OrderStatus } from '../../../shared/reference-data'
import type {
  DonorDashboard,
  RecipientDashboard,
  VolunteerDashboard,
} from '../../../shared/schemas/dashboards'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'

/** Rows of db.execute on both drivers (PGlite and pg). */
async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

const iso = (value: Date | string) => new Date(value).toISOString()
const int = (value: unknown) => Number(value ?? 0)
const badgeOf = ({ id, icon }: { id: string; icon: string }) => ({ id, icon })

/** Every figure is the signed-in donor's own: their listings and the orders on them. */
export async function donorDashboard(
  db: Database,
  donorId: string,
  now = new Date(),
): Promise<DonorDashboard> {
  const since = monthStart(now, MONTHS_OF_PROGRESS - 1)
  const [counts, recent, monthly, orders] = await Promise.all([
    query<{ total: number; active: number; completed: number; meals: number }>(
      db,
      sql`
        select count(*)::int as total,
          count(*) filter (where status = 'available' and quantity > 0 and expires_at > now())::int as active,
          count(*) filter (where status = 'completed')::int as completed,
          coalesce(sum(initial_quantity), 0)::int as meals
        from listings where donor_id = ${donorId}`,
    ),
    query<{
      id: string
      title: string
      status: ListingStatus
      type: ListingType
      quantity: number
      initial_quantity: number
      image_url: string | null
      pickup_city: string
      created_at: Date | string
    }>(
      db,
      sql`
        select id, title, status, type, quantity, initial_quantity, image_urls[1] as image_url, pickup_city, created_at
        from listings where donor_id = ${donorId}
        order by created_at desc, id desc limit ${RECENT_ITEMS}`,
    ),
    query<{ month: string; donations: number; meals: number }>(
      db,
      sql`
        select to_char(created_at at time zone ${SRI_LANKA_TIME_ZONE}, 'YYYY-MM') as month,
          count(*)::int as donations, coalesce(sum(initial_quantity), 0)::int as meals
        from listings where donor_id = ${donorId} and created_at >= ${since.toISOString()}
        group by 1`,
    ),
    query<{ completed: number; recipients: number }>(
      db,
      sql`
        select count(*) filter (where o.status = 'completed')::int as completed,
          count(distinct o.user_id) filter (where o.status <> 'cancelled')::int as recipients
        from (
          select listing_id, status, claimant_id as user_id from claims
          union all
          select listing_id, status, requester_id from food_requests
        ) o
        join listings l on l.id = o.listing_id
        where l.donor_id = ${donorId}`,
    ),
  ])
  const c = counts[0]!
  const figures = donorFigures({ mealsShared: int(c.meals), completedDonations: int(c.completed) })
  const byMonth = new Map(monthly.map((m) => [m.month, m]))
  const months = lastMonthKeys(now, MONTHS_OF_PROGRESS).map((month) => ({
    month,
    donations: int(byMonth.get(month)?.donations),
    meals: int(byMonth.get(month)?.meals),
  }))
  const percents = progressPercents(months.map((m) => m.meals))
  return {
    stats: {
      totalDonations: int(c.total),
      activeDonations: int(c.active),
      completedDonations: int(c.completed),
      mealsShared: figures.mealsShared,
      impactScore: figures.impactScore,
    },
    badges: donorBadges({ donations: int(c.total), completedDonations: int(c.completed) }).map(badgeOf),
    recent: recent.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      type: r.type,
      quantity: int(r.quantity),
      initialQuantity: int(r.initial_quantity),
      imageUrl: r.image_url,
      pickupCity: r.pickup_city,
      createdAt: iso(r.created_at),
    })),
    monthly: months.map((m, i) => ({ ...m, percent: percents[i]! })),
    environment: figures.environment,
    community: {
      ...figures.community,
      ordersCompleted: int(orders[0]?.completed),
      recipients: int(orders[0]?.recipients),
    },
  }
}

/** The signed-in recipient's claims, requests and delivery requests. */
export async function recipientDashboard(db: Database, userId: string): Promise<RecipientDashboard> {
  const [counts, categories, recent] = await Promise.all([
    query<{
      claims: number
      live_claims: number
      requests: number
      request_servings: number
      request_totals: number
      completed: number
      deliveries: number
    }>(
      db,
      sql`
        select
          (select count(*) from claims where claimant_id = ${userId})::int as claims,
          (select count(*) from claims where claimant_id = ${userId} and status <> 'cancelled')::int as live_claims,
          (select count(*) from food_requests where requester_id = ${userId})::int as requests,
          (select coalesce(sum(quantity), 0) from food_requests
            where requester_id = ${userId} and status <> 'cancelled')::int as request_servings,
          (select coalesce(sum(total_price), 0) from food_requests
            where requester_id = ${userId} and status <> 'cancelled')::int as request_totals,
          ((select count(*) from claims where claimant_id = ${userId} and status = 'completed')
            + (select count(*) from food_requests where requester_id = ${userId} and status = 'completed'))::int
            as completed,
          (select count(*) from delivery_requests where requester_id = ${userId})::int as deliveries`,
    ),
    query<{ slug: string | null; name: string | null; count: number }>(
      db,
      sql`
        select c.slug, c.name, count(*)::int as count
        from (
          select listing_id from claims where claimant_id = ${userId} and status <> 'cancelled'
          union all
          select listing_id from food_requests where requester_id = ${userId} and status <> 'cancelled'
        ) o
        join listings l on l.id = o.listing_id
        left join categories c on c.id = l.category_id
        group by c.slug, c.name, c.sort_order
        order by count desc, c.sort_order nulls last, c.slug
        limit 5`,
    ),
    query<{
      kind: 'claim' | 'request' | 'delivery'
      id: string
      title: string
      status: OrderStatus | DeliveryStatus
      quantity: number | null
      amount: number
      created_at: Date | string
    }>(
      db,
      sql`
        select * from (
          (select 'claim' as kind, o.id, l.title, o.status, o.quantity, 0 as amount, o.created_at
            from claims o join listings l on l.id = o.listing_id
            where o.claimant_id = ${userId} order by o.created_at desc limit ${RECENT_ITEMS})
          union all
          (select 'request', o.id, l.title, o.status, o.quantity, o.total_price, o.created_at
            from food_requests o join listings l on l.id = o.listing_id
            where o.requester_id = ${userId} order by o.created_at desc limit ${RECENT_ITEMS})
          union all
          (select 'delivery', d.id, l.title, d.status, null, d.fee, d.created_at
            from delivery_requests d join listings l on l.id = d.listing_id
            where d.requester_id = ${userId} order by d.created_at desc limit ${RECENT_ITEMS})
        ) recent
        order by created_at desc, id desc
        limit ${RECENT_ITEMS}`,
    ),
  ])
  const c = counts[0]!
  const maxCount = Math.max(0, ...categories.map((x) => int(x.count)))
  return {
    stats: {
      totalClaims: int(c.claims),
      totalRequests: int(c.requests),
      totalDeliveries: int(c.deliveries),
      completedOrders: int(c.completed),
      mealsReceived: mealsReceived(int(c.request_servings), int(c.live_claims)),
      moneySaved: moneySaved([int(c.request_totals)]),
    },
    favouriteCategories: categories.map((x) => ({
      slug: x.slug,
      name: x.name,
      count: int(x.count),
      stars: categoryStars(int(x.count), maxCount),
    })),
    recent: recent.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      status: r.status,
      quantity: r.quantity === null ? null : int(r.quantity),
      amount: int(r.amount),
      createdAt: iso(r.created_at),
    })),
  }
}

/** The signed-in volunteer's deliveries; the rating is the average the recipients gave. */
export async function volunteerDashboard(
  db: Database,
  volunteerId: string,
  now = new Date(),
): Promise<VolunteerDashboard> {
  const [counts, recent] = await Promise.all([
    query<{
      total: number
      completed: number
      active: number
      fees: number
      rating_sum: number
      rating_count: number
      this_month: number
    }>(
      db,
      sql`
        select count(*) filter (where status <> 'cancelled')::int as total,
          count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status in ('assigned', 'in-progress'))::int as active,
          coalesce(sum(fee) filter (where status = 'completed'), 0)::int as fees,
          coalesce(sum(rating) filter (where status = 'completed'), 0)::int as rating_sum,
          count(rating) filter (where status = 'completed')::int as rating_count,
          count(*) filter (where status = 'completed' and completed_at >= ${monthStart(now).toISOString()})::int
            as this_month
        from delivery_requests where volunteer_id = ${volunteerId}`,
    ),
    query<{
      id: string
      title: string
      city: string
      district: string
      delivery_at: Date | string
      fee: number
      status: DeliveryStatus
    }>(
      db,
      sql`
        select d.id, l.title, d.city, d.district, d.delivery_at, d.fee, d.status
        from delivery_requests d join listings l on l.id = d.listing_id
        where d.volunteer_id = ${volunteerId}
        order by coalesce(d.completed_at, d.picked_up_at, d.assigned_at, d.created_at) desc, d.id desc
        limit ${RECENT_ITEMS}`,
    ),
  ])
  const c = counts[0]!
  const completed = int(c.completed)
  return {
    stats: {
      totalDeliveries: int(c.total),
      completedDeliveries: completed,
      activeDeliveries: int(c.active),
      totalHours: volunteerHours(completed),
      feesEarned: int(c.fees),
    },
    rating: averageRating(int(c.rating_sum), int(c.rating_count)),
    ratingCount: int(c.rating_count),
    badges: volunteerBadges({ deliveries: int(c.total), completedDeliveries: completed }).map(badgeOf),
    thisMonth: volunteerMonth(int(c.this_month)),
    impact: volunteerImpact(completed),
    recent: recent.map((r) => ({
      id: r.id,
      title: r.title,
      city: r.city,
      district: r.district,
      deliveryAt: iso(r.delivery_at),
      fee: int(r.fee),
      status: r.status,
    })),
  }
}
