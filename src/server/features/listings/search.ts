import { and, asc, eq, not, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { can } from '../../../shared/policy'
import { AVAILABLE_COUNT_CAP, type ParsedListingQuery } from '../../../shared/schemas/listing-query'
import type { Category, Listing, ListingPage } from '../../../shared/schemas/listings'
import { type Database, rowsOf } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { categories, listings } from '../../db/schema'
import { filters, listingSearch } from './filters'
import { concealLocation, presentLocations } from './location'
import type { Reach } from './near-point'
import { newest } from './ordering'
import { pageRows } from './page-rows'
import { countAndGather, countAvailable, nearestAvailableIds, readPageIds, segmentIds } from './paging'
import { countAndGatherNear, nearestPointIds } from './rings'
import { availableSql, baseQuery, isUuid, type SelectedRow, toListing } from './rows'

/** Listings as `viewer` (null: signed out) may see them: the street address and contact need-to-know. */
export function presentListings(db: Database, viewer: Actor | null | undefined, items: Listing[]) {
  return presentLocations(db, viewer, items, (l) => ({ id: l.id, donorId: l.donor.id }), concealLocation)
}

/**
 * One page of listings, filtered, searched and sorted in SQL. Unavailable listings (taken, sold out
 * or expired) always come last: the page is cut from two segments, the available listings and then
 * the others, each read in index order (status, created_at / expires_at / type / district), or,
 * when a filtered list has few matches, gathered through the filters' indexes and sorted by the
 * statement that counts them. The page's ids are chosen on the listings table alone; only those
 * rows are then joined with their donor and category, by a prepared statement
 * (docs/decisions/0036-listings-at-national-scale.md). hasMore comes from asking one row more than a page.
 */
export async function listListings(
  db: Database,
  query: ParsedListingQuery,
  viewer: Actor | null | undefined,
): Promise<ListingPage> {
  const search = await listingSearch(db, query, viewer)
  if (!search) {
    return {
      items: [],
      availableCount: 0,
      availableCountCapped: false,
      page: query.page,
      size: query.size,
      hasMore: false,
    }
  }
  const { categoryId, origin, where } = search
  const offset = (query.page - 1) * query.size
  const want = query.size + 1
  // Counted up to the cap, or up to the end of this page when it lies beyond: below its limit the
  // count is exact; at the limit there are enough available rows to fill the page from them alone.
  const countLimit = Math.max(AVAILABLE_COUNT_CAP + 1, offset + want)
  const filtered = Boolean(
    query.q ||
      categoryId !== undefined ||
      query.type ||
      query.diet?.length ||
      query.city ||
      query.district ||
      query.donor ||
      origin,
  )
  const segmentWhere = (available: boolean, reach?: Reach) =>
    and(filters(query, categoryId, origin, reach), available ? availableSql : not(availableSql))
  // A text search near a point is read once through the text indexes (countAndGather): a walk of
  // the box would test the text of every row in it, twice.
  const nearWithoutText = origin && !query.q ? origin : undefined
  const { counted, gathered } = nearWithoutText
    ? await countAndGatherNear(
        db,
        query,
        nearWithoutText,
        (reach) => segmentWhere(true, reach),
        countLimit,
        offset,
        want,
      )
    : filtered
      ? await countAndGather(db, query, where, countLimit, offset, want, origin)
      : { counted: await countAvailable(db, query, where, countLimit), gathered: null }
  // Each segment: the available rows, then the others, `want` of them from `skip` on.
  const segments: { available: boolean; skip: number }[] = []
  if (!gathered && offset < counted) segments.push({ available: true, skip: offset })
  if (query.availability !== 'available' && counted < offset + want) {
    // The available rows end before this page does, so `counted` is their exact number.
    segments.push({ available: false, skip: Math.max(0, offset - counted) })
  }
  const nearPoint = query.sort === 'distance' ? origin : undefined
  const nearDistrict = query.sort === 'distance' ? query.near?.district : undefined
  const segmentIdLists = nearPoint
    ? await Promise.all(
        segments.map((s) =>
          nearestPointIds(db, query, nearPoint, (reach) => segmentWhere(s.available, reach), s.skip, want),
        ),
      )
    : // Read in the sort's index order: all the list, or many matches. Every way gives the same rows.
      [
        await readPageIds(
          db,
          segments.map((s) =>
            s.available && nearDistrict
              ? nearestAvailableIds(nearDistrict, where, s.skip, want)
              : segmentIds(query, segmentWhere(s.available), s.skip, want, origin),
          ),
          want,
        ),
      ]
  const ids = [...(gathered ?? []), ...segmentIdLists.flat()].slice(0, want)
  const onPage = ids.slice(0, query.size)
  const rows = onPage.length === 0 ? [] : await pageRows(db, onPage)
  const items = rows.map((row) => toListing(row, origin ? { point: origin } : query.near))
  return {
    items: await presentListings(db, viewer, items),
    availableCount: Math.min(counted, AVAILABLE_COUNT_CAP),
    availableCountCapped: counted > AVAILABLE_COUNT_CAP,
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
  if (listing.hidden && viewer?.id !== listing.donor.id && !can(viewer, 'moderator.view')) return undefined
  return (await presentListings(db, viewer, [listing]))[0]
}

/**
 * The distinct cities of the listings, sorted, for the location select: each next city is one step
 * in the pickup_city index (a loose index scan), so the cost follows the cities, not the listings.
 */
export async function listCities(db: Database): Promise<string[]> {
  const after = (previous: SQL) =>
    db
      .select({ city: listings.pickupCity })
      .from(listings)
      .where(sql`${listings.pickupCity} > ${previous}`)
      .orderBy(asc(listings.pickupCity))
      .limit(1)
  const first = db
    .select({ city: listings.pickupCity })
    .from(listings)
    .orderBy(asc(listings.pickupCity))
    .limit(1)
  const result = await db.execute(
    sql`with recursive "cities"("city") as ((${first}) union all select (${after(sql`"cities"."city"`)}) from "cities" where "cities"."city" is not null)
      select "city" from "cities" where "city" is not null limit ${MAX_CITIES}`,
  )
  return rowsOf<{ city: string }>(result).map((r) => r.city)
}
const MAX_CITIES = 500

export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select(columnsOf(categories, 'id', 'slug', 'name', 'icon', 'color'))
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
    .orderBy(...newest(listings))
    .limit(limit)
  return presentListings(
    db,
    viewer,
    (rows as SelectedRow[]).map((row) => toListing(row)),
  )
}
