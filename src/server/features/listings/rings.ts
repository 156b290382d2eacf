import { type SQL, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Point } from '../../../shared/geo'
import { AVAILABLE_COUNT_CAP, type ParsedListingQuery } from '../../../shared/schemas/listing-query'
import { type Database, rowsOf } from '../../db/client'
import { listings } from '../../db/schema'
import { type Reach, reachOf } from './near-point'
import { countedIds, segmentIds } from './paging'

const FIRST_RING_KM = 2
const RING_GROWTH = 3

/** The radii of the rings a point search reads, innermost first; the last is the search's own radius. */
export function ringRadii(radiusKm: number): number[] {
  const radii: number[] = []
  for (let km = FIRST_RING_KM; km < radiusKm; km *= RING_GROWTH) radii.push(km)
  return [...radii, radiusKm]
}

/** The ids of the rows matching `where`, `take` of them from `skip` on, in the query's order (uuid[]). */
function sortedIds(
  query: ParsedListingQuery,
  where: SQL | undefined,
  origin: Point,
  skip: number,
  take: number,
) {
  return sql`array(${segmentIds(query, where, skip, take, origin)})`
}

/**
 * The ids of one segment's rows nearest to `origin`, `take` of them from `skip` on, in the distance
 * sort's order (an SQL uuid[]). Read ring by ring, as the district sort reads district by district:
 * each ring reads the matches within its radius through its own, smaller box of the point indexes
 * and sorts only those. Once a ring holds `skip + take` of them they are the nearest of the whole
 * radius, as every match beyond lies farther than the ring's radius, so the wider rings are never
 * read. The rings are rows of one VALUES list, innermost first, and one LATERAL read takes each in
 * turn until one answers (the last, the radius itself, always does): the statement is planned once,
 * not once per ring (docs/decisions/0070-places-are-points.md, addendum). `where(reach)`: the
 * segment's filters with the radius cut to that ring.
 */
function nearestPointIdsSql(
  query: ParsedListingQuery,
  origin: Point,
  where: (reach: Reach) => SQL | undefined,
  skip: number,
  take: number,
): SQL {
  const rows = ringRadii(query.radiusKm).map((km) => {
    const reach = reachOf(origin, query.radiusKm, km)
    return sql`(${reach.km}::float8, ${reach.minLat}::float8, ${reach.maxLat}::float8, ${reach.minLng}::float8, ${reach.maxLng}::float8)`
  })
  const column = (name: string) => sql`"rings".${sql.identifier(name)}`
  const ring: Reach = {
    km: column('km'),
    minLat: column('min_lat'),
    maxLat: column('max_lat'),
    minLng: column('min_lng'),
    maxLng: column('max_lng'),
  }
  // Without ORDER BY: the rows come in the VALUES' order, and LIMIT stops at the first that answers.
  return sql`(select "ring"."ids"
    from (values ${sql.join(rows, sql`, `)}) as "rings"("km", "min_lat", "max_lat", "min_lng", "max_lng")
    cross join lateral (select ${sortedIds(query, where(ring), origin, skip, take)} as "ids") as "ring"
    where cardinality("ring"."ids") = ${take} or "rings"."km" = ${query.radiusKm}::float8
    limit 1)`
}

/** nearestPointIdsSql, run: the ids of one segment's rows nearest to `origin`. */
export async function nearestPointIds(
  db: Database,
  query: ParsedListingQuery,
  origin: Point,
  where: (reach: Reach) => SQL | undefined,
  skip: number,
  take: number,
): Promise<string[]> {
  const result = await db.execute(
    sql`select ${nearestPointIdsSql(query, origin, where, skip, take)} as "ids"`,
  )
  // Both drivers read uuid[] as strings.
  return rowsOf<{ ids: string[] }>(result)[0]!.ids
}

/**
 * The available matches of a point search, counted up to `limit`, and the page's available ids
 * (`take` from `skip` on) in one statement. The count reads only listings_available_point_idx (the
 * box's available rows, no table rows). Sorted by distance, the page is read ring by ring, whatever
 * the count; in another order, few matches (the cap at most) are read again and sorted, and more
 * are read in that order's index (null here). Keeping every column of 1,000 matches for a sort that
 * a capped count never ran cost more than the count itself (docs/decisions/0070-places-are-points.md,
 * addendum).
 * `where(reach)`: the available segment's filters (availability included), the radius cut to
 * that ring; without a ring, the whole radius.
 */
export async function countAndGatherNear(
  db: Database,
  query: ParsedListingQuery,
  origin: Point,
  where: (reach?: Reach) => SQL | undefined,
  limit: number,
  skip: number,
  take: number,
): Promise<{ counted: number; gathered: string[] | null }> {
  const available = where()
  const matches = new QueryBuilder().select({ one: sql`1` }).from(listings).where(available).limit(limit)
  const ids =
    query.sort === 'distance'
      ? nearestPointIdsSql(query, origin, where, skip, take)
      : sql`case when "counted"."n" <= ${AVAILABLE_COUNT_CAP} then ${sortedIds(query, available, origin, skip, take)} end`
  const result = await db.execute(
    sql`with "counted"("n") as (select count(*) from (${matches}) as "matches")
      select "counted"."n", ${ids} as "ids" from "counted"`,
  )
  return countedIds(result)
}
