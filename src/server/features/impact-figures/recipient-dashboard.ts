import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type PgTable, QueryBuilder } from 'drizzle-orm/pg-core'
import { categoryStars, mealsReceived, moneySaved, RECENT_ITEMS } from '../../../shared/dashboard-figures'
import type { RecipientDashboard } from '../../../shared/schemas/dashboards'
import type { Database } from '../../db/client'
import { categories, claims, deliveries, foodRequests, listings } from '../../db/schema'
import { allOrders, isCollected, isNotCancelled, named, tally, total } from './figures'

const qb = new QueryBuilder()

type RecentKind = RecipientDashboard['recent'][number]['kind']

/** The recipient's claims, requests and delivery requests, counted. */
export async function recipientCounts(db: Database, userId: string) {
  const [[claimed], [requested], [delivered]] = await Promise.all([
    db
      .select({
        claims: tally(),
        liveClaims: tally(isNotCancelled(claims.status)),
        collected: tally(isCollected(claims.status)),
      })
      .from(claims)
      .where(eq(claims.claimantId, userId)),
    db
      .select({
        requests: tally(),
        servings: total(foodRequests.quantity, isNotCancelled(foodRequests.status)),
        totals: total(foodRequests.totalPrice, isNotCancelled(foodRequests.status)),
        collected: tally(isCollected(foodRequests.status)),
      })
      .from(foodRequests)
      .where(eq(foodRequests.requesterId, userId)),
    db.select({ deliveries: tally() }).from(deliveries).where(eq(deliveries.requesterId, userId)),
  ])
  return {
    claims: claimed!.claims,
    liveClaims: claimed!.liveClaims,
    requests: requested!.requests,
    requestServings: requested!.servings,
    requestTotals: requested!.totals,
    collectedOrders: claimed!.collected + requested!.collected,
    deliveries: delivered!.deliveries,
  }
}

/** The categories of the recipient's orders (not cancelled), the most ordered first. */
async function favouriteCategories(db: Database, userId: string) {
  const count = tally()
  return db
    .select({ slug: categories.slug, name: categories.name, count })
    .from(allOrders)
    .innerJoin(listings, eq(listings.id, allOrders.listingId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .where(and(eq(allOrders.userId, userId), isNotCancelled(allOrders.status)))
    .groupBy(categories.slug, categories.name, categories.sortOrder)
    .orderBy(desc(count), sql`${categories.sortOrder} nulls last`, asc(categories.slug))
    .limit(5)
}

/** The latest of the recipient's claims, requests and delivery requests together. */
/**
 * An order's status for the list, with 'not-collected' for an approved one its requester did not
 * collect (no_show_at set) and 'declined' for one the donor refused: all three end in 'cancelled',
 * and of the others only a decline is decided (decided_at set).
 */
const orderStatus = (table: typeof claims | typeof foodRequests) =>
  sql`case when ${table.noShowAt} is not null then 'not-collected' when ${table.status} = 'cancelled' and ${table.decidedAt} is not null then 'declined' else ${table.status} end`

async function recentOrders(db: Database, userId: string) {
  // One branch per kind of order, with the same columns, so the three read as one list.
  const branch = (
    kind: RecentKind,
    table: PgTable,
    columns: {
      id: AnyColumn<{ data: string }>
      status: SQL
      quantity: SQL
      amount: SQL
      createdAt: AnyColumn<{ data: Date }>
    },
    listingId: AnyColumn,
    requesterId: AnyColumn,
  ) =>
    qb
      .select({
        kind: sql<RecentKind>`${sql.raw(`'${kind}'`)}`.as('kind'),
        id: named(columns.id, 'id'),
        title: named(listings.title, 'title'),
        status: sql<string>`${columns.status}`.as('status'),
        quantity: sql<number | null>`${columns.quantity}`.as('quantity'),
        amount: sql<number>`${columns.amount}`.as('amount'),
        createdAt: named(columns.createdAt, 'created_at'),
      })
      .from(table)
      .innerJoin(listings, eq(listings.id, listingId))
      .where(eq(requesterId, userId))
      .orderBy(desc(columns.createdAt))
      .limit(RECENT_ITEMS)
  const recent = branch(
    'claim',
    claims,
    {
      id: claims.id,
      status: orderStatus(claims),
      quantity: sql`${claims.quantity}`,
      amount: sql`0`,
      createdAt: claims.createdAt,
    },
    claims.listingId,
    claims.claimantId,
  )
    .unionAll(
      branch(
        'request',
        foodRequests,
        {
          id: foodRequests.id,
          status: orderStatus(foodRequests),
          quantity: sql`${foodRequests.quantity}`,
          amount: sql`${foodRequests.totalPrice}`,
          createdAt: foodRequests.createdAt,
        },
        foodRequests.listingId,
        foodRequests.requesterId,
      ),
    )
    .unionAll(
      branch(
        'delivery',
        deliveries,
        {
          id: deliveries.id,
          status: sql`${deliveries.status}`,
          quantity: sql`null`,
          amount: sql`${deliveries.fee}`,
          createdAt: deliveries.createdAt,
        },
        deliveries.listingId,
        deliveries.requesterId,
      ),
    )
    .as('recent')
  return db.select().from(recent).orderBy(desc(recent.createdAt), desc(recent.id)).limit(RECENT_ITEMS)
}

/** The signed-in recipient's claims, requests and delivery requests. */
export async function recipientDashboard(db: Database, userId: string): Promise<RecipientDashboard> {
  const [counts, favourites, recent] = await Promise.all([
    recipientCounts(db, userId),
    favouriteCategories(db, userId),
    recentOrders(db, userId),
  ])
  const maxCount = Math.max(0, ...favourites.map((x) => x.count))
  return {
    stats: {
      totalClaims: counts.claims,
      totalRequests: counts.requests,
      totalDeliveries: counts.deliveries,
      completedOrders: counts.collectedOrders,
      mealsReceived: mealsReceived(counts.requestServings, counts.liveClaims),
      moneySaved: moneySaved([counts.requestTotals]),
    },
    favouriteCategories: favourites.map((x) => ({ ...x, stars: categoryStars(x.count, maxCount) })),
    recent: recent.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      status: r.status as RecipientDashboard['recent'][number]['status'],
      quantity: r.quantity === null ? null : Number(r.quantity),
      amount: Number(r.amount),
      createdAt: r.createdAt.toISOString(),
    })),
  }
}
