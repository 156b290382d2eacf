/**
 * Great-circle distance in SQL, the formula of distanceKm (src/shared/geo.ts), on both PostgreSQL
 * and PGlite (plain math functions, no extension; docs/decisions/0070-places-are-points.md).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { EARTH_RADIUS_KM, type Point } from '../../shared/geo'

/** Haversine km between `origin` and the point in columns (or expressions) `lat`, `lng`. */
export function haversineSql(origin: Point, lat: SQLWrapper, lng: SQLWrapper): SQL {
  return sql`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${origin.lng}::float8) / 2), 2)))))`
}
