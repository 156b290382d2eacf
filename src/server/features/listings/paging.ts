import { and, type SQL, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { DISTRICTS, type DistrictName, findDistrict } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import { AVAILABLE_COUNT_CAP, type ParsedListingQuery } from '../../../shared/schemas/listing-query'
import { type Database, rowsOf } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { listings } from '../../db/schema'
import { ordering, type SortColumns, soonestExpiry } from './ordering'
import { availableSql, districtDistanceKm } from './rows'

/** The ids of one segment's rows, `take` of them from `skip` on, read in the sort's index order. */
export function segmentIds(
  query: ParsedListingQuery,
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
export function nearestAvailableIds(
  origin: DistrictName,
  where: SQL | undefined,
  skip: number,
  take: number,
): SQL {
  const from = findDistrict(origin)!
  const districtKm = sql.raw(
    DISTRICTS.map((d) => `('${d.name.replaceAll("'", "''")}', ${districtDistanceKm(from, d)})`).join(', '),
  )
  const ofDistrict = new QueryBuilder()
    .select(columnsOf(listings, 'id', 'expiresAt', 'createdAt'))
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
export async function readPageIds(db: Database, segments: SQL[], want: number): Promise<string[]> {
  if (segments.length === 0) return []
  const ids = sql.join(
    segments.map((segment) => sql`array(${segment})`),
    sql` || `,
  )
  const result = await db.execute(sql`select (${ids})[1:${want}] as "ids"`)
  // Both drivers read uuid[] as strings.
  return rowsOf<{ ids: string[] }>(result)[0]!.ids
}

/**
 * The available rows matching `where`, counted up to `limit`: a count below it is exact. Counting
 * stops there because an exact count reads every match, which at national scale costs more than
 * the page itself (docs/decisions/0036-listings-at-national-scale.md).
 */
export async function countAvailable(
  db: Database,
  query: ParsedListingQuery,
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
 * A search reads its candidates from the trigram index in no order, so the count stops at its
 * limit instead of sorting every match first. Otherwise the newest are read first, through an
 * index, rather than wherever a plain scan finds available rows: in a real table they sit behind
 * years of past listings. created_at alone, as the index has it: a tie-break by id changes no count
 * but costs a sort of every row counted. (A point search counts in countAndGatherNear.)
 */
const countOrder = (query: ParsedListingQuery) =>
  query.q ? [] : [sql`${listings.createdAt} desc nulls last`]

/**
 * countAvailable for a filtered list, which is usually short: when the matches are few (the cap at
 * most), the same statement sorts them and answers the page's available ids (`take` from `skip` on),
 * null otherwise. They are read through the filters' indexes (search, category, city), where a walk
 * in a sort's index order would pass most of the table, and read once for the count and the page.
 * Kept from the whole list, whose matches are many: keeping 1,000 rows cost more than it saved.
 */
export async function countAndGather(
  db: Database,
  query: ParsedListingQuery,
  where: SQL | undefined,
  limit: number,
  skip: number,
  take: number,
  origin: Point | undefined,
): Promise<{ counted: number; gathered: string[] | null }> {
  const matches = new QueryBuilder()
    .select(
      columnsOf(
        listings,
        'id',
        'createdAt',
        'expiresAt',
        'type',
        'price',
        'pickupDistrict',
        'title',
        'searchText',
        'searchKey',
        'pickupLat',
        'pickupLng',
      ),
    )
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
  return countedIds(result)
}

/** A count-and-gather statement's answer: its count `n` and its page's ids (null when not gathered). */
export function countedIds(result: unknown): { counted: number; gathered: string[] | null } {
  // Both drivers read count(*) as a string or a number, and uuid[] as strings.
  const [row] = rowsOf<{ n: number | string; ids: string[] | null }>(result)
  return { counted: Number(row?.n ?? 0), gathered: row?.ids ?? null }
}
