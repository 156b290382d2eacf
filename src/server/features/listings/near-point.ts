import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { APPROX_HALF_DIAGONAL_KM, APPROX_STEP, boundingBox, type Point } from '../../../shared/geo'
import type { ParsedListingFilters } from '../../../shared/schemas/listing-query'
import { pointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { listings, users } from '../../db/schema'
import { fieldError } from '../../platform/errors'
import { haversineSql } from '../../platform/geo-sql'

/** The public point of a listing in SQL: the centre of its ~500 m cell, as approxPoint computes it. */
function approxSql(column: SQLWrapper): SQL {
  return sql`((floor(${column} / ${sql.raw(String(APPROX_STEP))}) + 0.5) * ${sql.raw(String(APPROX_STEP))})`
}

/**
 * Haversine km from `origin` to a listing's approxPoint (distanceKm in src/shared/geo.ts, in SQL):
 * the public distance, so neither the order nor the radius tells more than approxPoint does
 * (docs/decisions/0070-places-are-points.md).
 */
export function pointDistanceSql(origin: Point, c: { pickupLat: SQLWrapper; pickupLng: SQLWrapper }): SQL {
  return haversineSql(origin, approxSql(c.pickupLat), approxSql(c.pickupLng))
}

/**
 * How far a point search reaches: the distance and its bounding box, as numbers, or as the columns
 * of a row of rings (rings.ts) that one statement reads in turn.
 */
export type Reach = {
  km: number | SQL
  minLat: number | SQL
  maxLat: number | SQL
  minLng: number | SQL
  maxLng: number | SQL
}

/** The reach of a search's radius, or of a ring within it (`withinKm`, at most the radius). */
export function reachOf(origin: Point, radiusKm: number, withinKm = radiusKm): Reach {
  const km = Math.min(withinKm, radiusKm)
  return { km, ...ringBox(origin, radiusKm, km) }
}

/**
 * Within a reach of `origin`: first the bounding box on the indexed columns (the point indexes;
 * widened by half a cell, as the distance is the approxPoint's), then the exact distance on the
 * few rows inside it. A listing without a point is never inside. A ring's reach (smaller than the
 * radius) keeps only the part of that answer within the ring, in the smaller box of the ring, so the
 * nearest rows are read without reading the whole radius (docs/decisions/0070-places-are-points.md,
 * addendum).
 */
export function withinReachSql(origin: Point, reach: Reach): SQL {
  return sql`(${listings.pickupLat} between ${reach.minLat}::float8 and ${reach.maxLat}::float8
    and ${listings.pickupLng} between ${reach.minLng}::float8 and ${reach.maxLng}::float8
    and ${pointDistanceSql(origin, listings)} <= ${reach.km}::float8)`
}

/**
 * The box holding every listing whose approxPoint lies within `withinKm` of `origin`, inside the
 * radius's own box: a listing's point is up to half a cell from its approxPoint, and the box is 1 %
 * wider than the ring, as boundingBox's degrees fall a hair short of the haversine's (under
 * 0.01 %; rings.test.ts checks every direction). The radius's box is as it was (0070).
 */
export function ringBox(origin: Point, radiusKm: number, withinKm: number) {
  return boundingBox(origin, Math.min(radiusKm, withinKm * 1.01) + APPROX_HALF_DIAGONAL_KM)
}

/**
 * The point a search measures from: `near=LAT,LNG`, or for "near me" (sort=distance without
 * `near`) the signed-in person's home point; a person without one is asked to set it (400).
 */
export async function pointOrigin(
  db: Database,
  query: ParsedListingFilters,
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
