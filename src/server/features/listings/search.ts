import { and, asc, eq, isNull, not, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { DIETARY_TAGS, type Diet, dietCondition } from '../../../shared/dietary'
import { DISTRICTS, type DistrictName, findDistrict } from '../../../shared/districts'
import { APPROX_HALF_DIAGONAL_KM, APPROX_STEP, boundingBox, type Point } from '../../../shared/geo'
import { type Actor, can } from '../../../shared/policy'
import {
  AVAILABLE_COUNT_CAP,
  type Category,
  type Listing,
  type ListingPage,
  type listingQuerySchema,
} from '../../../shared/schemas/listings'
import { pointOf } from '../../../shared/schemas/point'
import { queryKeys } from '../../../shared/transliteration'
import type { Database } from '../../db/client'
import { categories, listings, users } from '../../db/schema'
import { fieldError } from '../../platform/errors'
import { haversineSql } from '../../platform/geo-sql'
import { concealLocation, presentLocations } from './location'
import {
  availableSql,
  baseQuery,
  distanceSql,
  districtDistanceKm,
  isUuid,
  type SelectedRow,
  toListing,
} from './rows'

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
 * The search: the text as typed, as a substring (listings_search_trgm_idx), or every word of it by
 * its phonetic key, in any script, by full-text search over the keys (listings.search_vector and its
 * index listings_search_vector_idx): "kiribath" finds "කිරිබත්" and "இட்லி" finds "idly"
 * (docs/decisions/0036-listings-at-national-scale.md, search in any script).
 */
function searchSql(q: string): SQL {
  const typed = sql`${listings.searchText} like ${containsPattern(q)}`
  const keys = queryKeys(q)
  if (keys.length === 0) return typed
  // plainto_tsquery: every key, and-ed; keys are letters only, but a parameter either way.
  const byKey = sql`${listings.searchVector} @@ plainto_tsquery('simple', ${keys.join(' ')})`
  return sql`(${typed} or ${byKey})`
}

/** The category filter: undefined when none is asked, null for 'uncategorized', else its id or 'unknown'. */
async function categoryFilter(db: Database, slug: string | undefined): Promise<string | null | undefined> {
  if (!slug) return undefined
  if (slug === 'uncategorized') return null
  // Looked up first, so the planner sees the id and its share of the listings (not a subquery's guess).
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))
  return row?.id ?? UNKNOWN_CATEGORY
}
const UNKNOWN_CATEGORY = 'unknown'

/**
 * The filters of GET /api/listings as one WHERE clause, each backed by an index. Every listing
 * page (both segments, the count, every sort) is cut with this clause, so a condition added here
 * applies to all of them: hidden listings are left out here, once (docs/decisions/0037-moderation.md).
 */
function filters(
  query: ListingQueryOutput,
  categoryId: string | null | undefined,
  origin: Point | undefined,
): SQL | undefined {
  const conditions: SQL[] = [isNull(listings.hiddenAt)]
  if (origin) conditions.push(withinRadiusSql(origin, query.radiusKm))
  if (query.q) conditions.push(searchSql(query.q))
  if (categoryId === null) conditions.push(isNull(listings.categoryId))
  else if (categoryId) conditions.push(eq(listings.categoryId, categoryId))
  if (query.type) conditions.push(eq(listings.type, query.type))
  if (query.diet?.length) conditions.push(dietSql(query.diet))
  if (query.city) conditions.push(eq(listings.pickupCity, query.city))
  if (query.district) conditions.push(eq(listings.pickupDistrict, query.district))
  if (query.donor) conditions.push(eq(listings.donorId, query.donor))
  return and(...conditions)
}

/**
 * The diets as conditions on the tags, served by the GIN index listings_dietary_idx: the tags asked
 * in one containment; "no beef" / "no pork" as an overlap with the other tags (the donor said what the
 * food holds) and without that one (suitsDiets in src/shared/dietary.ts says the same).
 */
function dietSql(diets: Diet[]): SQL {
  const has = diets.flatMap((diet) => dietCondition(diet).has ?? [])
  const excludes = diets.flatMap((diet) => dietCondition(diet).excludes ?? [])
  const tags = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`
  const conditions: SQL[] = []
  if (has.length > 0) conditions.push(sql`${listings.dietary} @> ${tags(has)}`)
  if (excludes.length > 0) {
    conditions.push(sql`${listings.dietary} && ${tags(DIETARY_TAGS.filter((t) => !excludes.includes(t)))}`)
    conditions.push(sql`not (${listings.dietary} && ${tags(excludes)})`)
  }
  return and(...conditions)!
}

/** The public point of a listing in SQL: the centre of its ~500 m cell, as approxPoint computes it. */
function approxSql(column: SQLWrapper): SQL {
  return sql`((floor(${column} / ${sql.raw(String(APPROX_STEP))}) + 0.5) * ${sql.raw(String(APPROX_STEP))})`
}

/**
 * Haversine km from `origin` to a listing's approxPoint (distanceKm in src/shared/geo.ts, in SQL):
 * the public distance, so neither the order nor the radius tells more than approxPoint does
 * (docs/decisions/0070-places-are-points.md).
 */
function pointDistanceSql(origin: Point, c: Pick<SortColumns, 'pickupLat' | 'pickupLng'>): SQL {
  return haversineSql(origin, approxSql(c.pickupLat), approxSql(c.pickupLng))
}

/**
 * Within `radiusKm` of `origin`: first the bounding box on the indexed columns
 * (listings_pickup_point_idx; widened by half a cell, as the distance is the approxPoint's), then
 * the exact distance on the few rows inside it. A listing without a point is never inside.
 */
function withinRadiusSql(origin: Point, radiusKm: number): SQL {
  const box = boundingBox(origin, radiusKm + APPROX_HALF_DIAGONAL_KM)
  return sql`(${listings.pickupLat} between ${box.minLat}::float8 and ${box.maxLat}::float8
    and ${listings.pickupLng} between ${box.minLng}::float8 and ${box.maxLng}::float8
    and ${pointDistanceSql(origin, listings)} <= ${radiusKm}::float8)`
}

/** The columns the sorts read: the listings table's, or those of the matches gathered first. */
type SortColumns = Record<
  | 'id'
  | 'createdAt'
  | 'expiresAt'
  | 'type'
  | 'price'
  | 'pickupDistrict'
  | 'title'
  | 'searchText'
  | 'searchKey'
  | 'pickupLat'
  | 'pickupLng',
  SQLWrapper
>

// NULLS LAST matches the indexes on created_at DESC, so the newest rows are read in index order.
const newest = (c: SortColumns) => [sql`${c.createdAt} desc nulls last`, asc(c.id)]
const soonestExpiry = (c: SortColumns) => [asc(c.expiresAt), ...newest(c)]

/** `text%`, `% text%` and `%text%` for LIKE, lower-cased, the user's % and _ taken literally. */
const likeText = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * What a search meant, first (issue 39, item 8): the title as typed, then a title starting with it
 * or with a word starting with it, then the text as typed anywhere (all in the query's own script),
 * then matches by key alone (another script, or a spelling that sounds alike), those whose key comes
 * early (the title's words come first in the stored key) before the others.
 */
function relevance(q: string, c: SortColumns): SQL[] {
  const text = likeText(q.trim())
  const title = sql`lower(${c.title})`
  const tier = sql`case when ${title} = ${q.trim().toLowerCase()} then 0
    when ${title} like ${`${text}%`} or ${title} like ${`% ${text}%`} then 1
    when ${c.searchText} like ${`%${text}%`} then 2 else 3 end`
  const [key] = queryKeys(q)
  if (!key) return [asc(tier)]
  const keyAt = sql`nullif(position(${` ${key} `} in ' ' || coalesce(${c.searchKey}, '') || ' '), 0)`
  return [asc(tier), sql`${keyAt} asc nulls last`]
}

/**
 * The sort inside each segment (available first, then the rest); each ends with id for stable pages.
 * A search in the default order (newest) puts what it meant first.
 */
function ordering(query: ListingQueryOutput, c: SortColumns = listings, origin?: Point): SQL[] {
  if (query.q && query.sort === 'newest') return [...relevance(query.q, c), ...newest(c)]
  switch (query.sort) {
    case 'expiry':
      return [asc(c.expiresAt), asc(c.id)]
    case 'distance':
      if (origin) return [asc(pointDistanceSql(origin, c)), ...soonestExpiry(c)]
      return query.near?.district
        ? [asc(distanceSql(query.near.district, c.pickupDistrict)), ...soonestExpiry(c)]
        : newest(c)
    case 'type':
      return [asc(c.type), asc(c.price), ...newest(c)]
    default:
      return newest(c)
  }
}

/** The ids of one segment's rows, `take` of them from `skip` on, read in the sort's index order. */
function segmentIds(
  query: ListingQueryOutput,
  where: SQL | undefined,
  skip: number,
  take: number,
  origin?: Point,
): SQL {
  // Built, not run: a subquery of the page's ids (readPageIds).
  return new QueryBuilder()
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...ordering(query, listings, origin))
    .limit(take)
    .offset(skip)
    .getSQL()
}

/**
 * The available rows nearest to `origin`: the districts' distances are constants, so each district's
 * rows are read in (status, pickup_district, expires_at) index order, `skip + take` at most, and only
 * those are sorted, instead of sorting every available listing by a computed distance.
 */
function nearestAvailableIds(origin: DistrictName, where: SQL | undefined, skip: number, take: number): SQL {
  const from = findDistrict(origin)!
  const districtKm = sql.raw(
    DISTRICTS.map((d) => `('${d.name.replaceAll("'", "''")}', ${districtDistanceKm(from, d)})`).join(', '),
  )
  const ofDistrict = new QueryBuilder()
    .select({ id: listings.id, expiresAt: listings.expiresAt, createdAt: listings.createdAt })
    .from(listings)
    .where(and(where, availableSql, sql`${listings.pickupDistrict} = "by_distance"."district"`))
    .orderBy(...soonestExpiry(listings))
    .limit(skip + take)
  return sql`select "nearest"."id" from (values ${districtKm}) as "by_distance"("district", "km")
      cross join lateral (${ofDistrict}) as "nearest"
      order by "by_distance"."km", "nearest"."expires_at", "nearest"."created_at" desc, "nearest"."id"
      limit ${take} offset ${skip}`
}

/**
 * The page's ids, in order: those of each segment in turn (the available ones, then the others),
 * `want` at most. One statement whichever segments the page takes.
 */
async function readPageIds(db: Database, segments: SQL[], want: number): Promise<string[]> {
  if (segments.length === 0) return []
  const ids = sql.join(
    segments.map((segment) => sql`array(${segment})`),
    sql` || `,
  )
  const result = await db.execute(sql`select (${ids})[1:${want}] as "ids"`)
  // Both drivers (node-postgres, PGlite) answer db.execute with { rows }, and read uuid[] as strings.
  return (result as unknown as { rows: { ids: string[] }[] }).rows[0]!.ids
}

/**
 * The rows of the listings `ids` names, joined with their donor and category, in that order. The
 * same statement for every page, so it is prepared once per connection: on PostgreSQL neither
 * Drizzle nor the planner builds it again for each request.
 */
const pageRowsStatements = new WeakMap<Database, ReturnType<typeof preparePageRows>>()
function preparePageRows(db: Database) {
  return baseQuery(db)
    .innerJoin(
      sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as "page"("id", "position")`,
      sql`${listings.id} = "page"."id"`,
    )
    .orderBy(sql`"page"."position"`)
    .prepare('listing_page_rows')
}
async function pageRows(db: Database, ids: string[]): Promise<SelectedRow[]> {
  let statement = pageRowsStatements.get(db)
  if (!statement) {
    statement = preparePageRows(db)
    pageRowsStatements.set(db, statement)
  }
  return (await statement.execute({ ids })) as SelectedRow[]
}

/**
 * The available rows matching `where`, counted up to `limit`: a count below it is exact. Counting
 * stops there because an exact count reads every match, which at national scale costs more than
 * the page itself (docs/decisions/0036-listings-at-national-scale.md).
 */
async function countAvailable(
  db: Database,
  query: ListingQueryOutput,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(listings)
    .where(and(where, availableSql))
    .orderBy(...countOrder(query))
    .limit(limit)
    .as('matches')
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matches)
  return row?.n ?? 0
}

/**
 * A search reads its candidates from the trigram index. Otherwise the newest are read first,
 * through an index, rather than wherever a plain scan finds available rows: in a real table they
 * sit behind years of past listings. created_at alone, as the index has it: a tie-break by id
 * changes no count but costs a sort of every row counted.
 */
const countOrder = (query: ListingQueryOutput) =>
  query.q ? [] : [sql`${listings.createdAt} desc nulls last`]

/**
 * countAvailable for a filtered list, which is usually short: when the matches are few (the cap at
 * most), the same statement sorts them and answers the page's available ids (`take` from `skip` on),
 * null otherwise. They are read through the filters' indexes (search, category, city), where a walk
 * in a sort's index order would pass most of the table, and read once for the count and the page.
 * Kept from the whole list, whose matches are many: keeping 1,000 rows cost more than it saved.
 */
async function countAndGather(
  db: Database,
  query: ListingQueryOutput,
  where: SQL | undefined,
  limit: number,
  skip: number,
  take: number,
  origin: Point | undefined,
): Promise<{ counted: number; gathered: string[] | null }> {
  const matches = new QueryBuilder()
    .select({
      id: listings.id,
      createdAt: listings.createdAt,
      expiresAt: listings.expiresAt,
      type: listings.type,
      price: listings.price,
      pickupDistrict: listings.pickupDistrict,
      title: listings.title,
      searchText: listings.searchText,
      searchKey: listings.searchKey,
      pickupLat: listings.pickupLat,
      pickupLng: listings.pickupLng,
    })
    .from(listings)
    .where(and(where, availableSql))
    .orderBy(...countOrder(query))
    .limit(limit)
  const match = (column: string) => sql`"matches".${sql.identifier(column)}`
  const columns: SortColumns = {
    id: match('id'),
    createdAt: match('created_at'),
    expiresAt: match('expires_at'),
    type: match('type'),
    price: match('price'),
    pickupDistrict: match('pickup_district'),
    title: match('title'),
    searchText: match('search_text'),
    searchKey: match('search_key'),
    pickupLat: match('pickup_lat'),
    pickupLng: match('pickup_lng'),
  }
  // MATERIALIZED: the matches are read once, and the planner cannot fold them into a sorted read.
  // The CASE sorts them only when they are few.
  const result = await db.execute(
    sql`with "matches" as materialized (${matches}), "counted"("n") as (select count(*) from "matches")
      select "counted"."n", case when "counted"."n" <= ${AVAILABLE_COUNT_CAP} then array(
        select "matches"."id" from "matches" order by ${sql.join(ordering(query, columns, origin), sql`, `)}
        limit ${take} offset ${skip}) end as "ids"
      from "counted"`,
  )
  // Both drivers (node-postgres, PGlite) answer db.execute with { rows }, and read uuid[] as strings.
  const [row] = (result as unknown as { rows: { n: number | string; ids: string[] | null }[] }).rows
  return { counted: Number(row?.n ?? 0), gathered: row?.ids ?? null }
}

/**
 * The point a search measures from: `near=LAT,LNG`, or for "near me" (sort=distance without
 * `near`) the signed-in person's home point; a person without one is asked to set it (400).
 */
async function pointOrigin(
  db: Database,
  query: ListingQueryOutput,
  viewer: Actor | null | undefined,
): Promise<Point | undefined> {
  if (query.near) return query.near.point
  if (query.sort !== 'distance') return undefined
  const home = viewer ? await homePointOf(db, viewer.id) : null
  if (!home) throw fieldError('near', 'nearby.errors.homePointRequired')
  return home
}

/** A person's home point (docs/decisions/0070-places-are-points.md), or null when they set none. */
async function homePointOf(db: Database, userId: string): Promise<Point | null> {
  const [row] = await db
    .select({ lat: users.homeLat, lng: users.homeLng })
    .from(users)
    .where(eq(users.id, userId))
  return pointOf(row?.lat, row?.lng)
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
  query: ListingQueryOutput,
  viewer: Actor | null | undefined,
): Promise<ListingPage> {
  const categoryId = await categoryFilter(db, query.category)
  if (categoryId === UNKNOWN_CATEGORY) {
    return {
      items: [],
      availableCount: 0,
      availableCountCapped: false,
      page: query.page,
      size: query.size,
      hasMore: false,
    }
  }
  const origin = await pointOrigin(db, query, viewer)
  const where = filters(query, categoryId, origin)
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
  const { counted, gathered } = filtered
    ? await countAndGather(db, query, where, countLimit, offset, want, origin)
    : { counted: await countAvailable(db, query, where, countLimit), gathered: null }
  const nearDistrict = query.sort === 'distance' ? query.near?.district : undefined
  const segments: SQL[] = []
  if (!gathered && offset < counted) {
    // Read in the sort's index order: all the list, or many matches. Every way gives the same rows.
    const availableWhere = and(where, availableSql)
    segments.push(
      nearDistrict
        ? nearestAvailableIds(nearDistrict, where, offset, want)
        : segmentIds(query, availableWhere, offset, want, origin),
    )
  }
  if (query.availability !== 'available' && counted < offset + want) {
    // The available rows end before this page does, so `counted` is their exact number.
    segments.push(
      segmentIds(query, and(where, not(availableSql)), Math.max(0, offset - counted), want, origin),
    )
  }
  const ids = [...(gathered ?? []), ...(await readPageIds(db, segments, want))].slice(0, want)
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
  // Both drivers (node-postgres, PGlite) answer db.execute with { rows }.
  return (result as unknown as { rows: { city: string }[] }).rows.map((r) => r.city)
}
const MAX_CITIES = 500

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
    .orderBy(...newest(listings))
    .limit(limit)
  return presentListings(
    db,
    viewer,
    (rows as SelectedRow[]).map((row) => toListing(row)),
  )
}
