import { and, asc, desc, eq, inArray, isNull, not, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Actor } from '../../../shared/policy'
import type { Category, Listing, ListingPage, listingQuerySchema } from '../../../shared/schemas/listings'
import type { Database } from '../../db/client'
import { categories, listings } from '../../db/schema'
import { concealLocation, presentLocations } from './location'
import { availableSql, baseQuery, distanceSql, isUuid, type SelectedRow, toListing } from './rows'

type ListingQueryOutput = z.output<typeof listingQuerySchema>

/** Listings as `viewer` (null: signed out) may see them: the street address and contact need-to-know. */
export function presentListings(db: Database, viewer: Actor | null | undefined, items: Listing[]) {
  return presentLocations(db, viewer, items, (l) => ({ id: l.id, donorId: l.donor.id }), concealLocation)
}

/** `%text%` for LIKE, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The filters of GET /api/listings as one WHERE clause (each one backed by an index). Every public
 * list of listings is built here, so hidden listings are left out here, once
 * (docs/decisions/0037-moderation.md).
 */
function filters(query: ListingQueryOutput): SQL | undefined {
  const conditions: SQL[] = [isNull(listings.hiddenAt)]
  if (query.q) {
    // lower(...) LIKE matches the pg_trgm GIN indexes on lower(title) and lower(description).
    const pattern = containsPattern(query.q)
    conditions.push(
      sql`(lower(${listings.title}) like ${pattern} or lower(${listings.description}) like ${pattern})`,
    )
  }
  if (query.category === 'uncategorized') conditions.push(isNull(listings.categoryId))
  else if (query.category) {
    conditions.push(
      sql`${listings.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${query.category})`,
    )
  }
  if (query.type) conditions.push(eq(listings.type, query.type))
  if (query.city) conditions.push(eq(listings.pickupCity, query.city))
  if (query.donor) conditions.push(eq(listings.donorId, query.donor))
  return and(...conditions)
}

/** The sort inside each segment (available first, then the rest); each ends with id for stable pages. */
function ordering(query: ListingQueryOutput): SQL[] {
  // NULLS LAST matches the (status, created_at DESC NULLS LAST) index, so the newest page is read in
  // index order instead of sorting every matching row.
  const newest = sql`${listings.createdAt} desc nulls last`
  const order: SQL[] = []
  switch (query.sort) {
    case 'expiry':
      order.push(asc(listings.expiresAt))
      break
    case 'distance':
      if (query.near) order.push(asc(distanceSql(query.near)), asc(listings.expiresAt))
      order.push(newest)
      break
    case 'type':
      order.push(asc(listings.type), asc(listings.price), newest)
      break
    default:
      order.push(newest)
  }
  order.push(asc(listings.id))
  return order
}

/**
 * One page of listings, filtered, searched and sorted in SQL. Unavailable listings (taken, sold out
 * or expired) always come last: the page is cut from two segments, the available listings and then
 * the others, so each segment is read in index order (status, created_at / expires_at). The page's
 * ids are chosen on the listings table alone; only those rows are then joined with their donor and
 * category. hasMore comes from asking one row more than a page.
 */
export async function listListings(
  db: Database,
  query: ListingQueryOutput,
  viewer: Actor | null | undefined,
): Promise<ListingPage> {
  const where = filters(query)
  const offset = (query.page - 1) * query.size
  const want = query.size + 1
  const segment = async (available: boolean, skip: number, take: number): Promise<string[]> => {
    const rows = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(where, available ? availableSql : not(availableSql)))
      .orderBy(...ordering(query))
      .limit(take)
      .offset(skip)
    return rows.map((r) => r.id)
  }
  const [[count], firstRows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(and(where, availableSql)),
    offset === 0 ? segment(true, 0, want) : undefined,
  ])
  const availableCount = count?.n ?? 0
  let ids = firstRows ?? (offset < availableCount ? await segment(true, offset, want) : [])
  if (ids.length < want && query.availability !== 'available') {
    ids = ids.concat(await segment(false, Math.max(0, offset - availableCount), want - ids.length))
  }
  const pageIds = ids.slice(0, query.size)
  const rows =
    pageIds.length === 0
      ? []
      : ((await baseQuery(db, query.near).where(inArray(listings.id, pageIds))) as SelectedRow[])
  const byId = new Map(rows.map((row) => [row.listing.id, row]))
  const items = pageIds.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toListing(row)] : []
  })
  return {
    items: await presentListings(db, viewer, items),
    availableCount,
    page: query.page,
    size: query.size,
    hasMore: ids.length > query.size,
  }
}

export async function findListing(
  db: Database,
  id: string,
  viewer: Actor | null | undefined,
): Promise<Listing | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await baseQuery(db).where(eq(listings.id, id)).limit(1)
  if (!row) return undefined
  const listing = toListing(row as SelectedRow)
  // A hidden listing is gone for everyone but its donor and the moderators.
  if (listing.hidden && viewer?.id !== listing.donor.id && viewer?.role !== 'moderator') return undefined
  return (await presentListings(db, viewer, [listing]))[0]
}

/** The distinct cities of the listings, sorted, for the location select. */
export async function listCities(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: listings.pickupCity })
    .from(listings)
    .orderBy(asc(listings.pickupCity))
    .limit(500)
  return rows.map((r) => r.city)
}

export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      icon: categories.icon,
      color: categories.color,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name))
}

/** The newest listings that can be ordered now (the home page's first listings), as `viewer` sees them. */
export async function latestAvailableListings(
  db: Database,
  limit: number,
  viewer: Actor | null | undefined,
): Promise<Listing[]> {
  const rows = await baseQuery(db)
    .where(availableSql)
    .orderBy(desc(listings.createdAt), asc(listings.id))
    .limit(limit)
  return presentListings(db, viewer, (rows as SelectedRow[]).map(toListing))
}
