import { and, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { MAX_LISTING_PINS, type ParsedListingFilters } from '../../../shared/schemas/listing-query'
import type { ListingPins } from '../../../shared/schemas/listings'
import { approxPointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { listings } from '../../db/schema'
import { listingSearch } from './filters'
import { ordering } from './ordering'
import { availableSql } from './rows'

/**
 * Every listing the search matches, as map pins: the same filters as a page of GET /api/listings
 * (within the radius of `near` or the home point, or in the district), each listing only by its id,
 * title and public ~500 m point, never the exact one (docs/decisions/0070-places-are-points.md).
 * Up to MAX_LISTING_PINS, the available ones first and then in the search's own order, so a cut
 * keeps the nearest or newest food (docs/decisions/0072-the-map-view.md).
 */
export async function listingPins(
  db: Database,
  query: ParsedListingFilters,
  viewer: Actor | null | undefined,
): Promise<ListingPins> {
  const search = await listingSearch(db, query, viewer)
  if (!search) return { pins: [], truncated: false, withoutPoint: 0 }
  const where = and(search.where, query.availability === 'available' ? availableSql : undefined)
  const [rows, withoutPoint] = await Promise.all([
    db
      .select({ id: listings.id, title: listings.title, lat: listings.pickupLat, lng: listings.pickupLng })
      .from(listings)
      .where(and(where, isNotNull(listings.pickupLat), isNotNull(listings.pickupLng)))
      .orderBy(sql`${availableSql} desc`, ...ordering(query, listings, search.origin))
      .limit(MAX_LISTING_PINS + 1),
    countWithoutPoint(db, where),
  ])
  return {
    pins: rows.slice(0, MAX_LISTING_PINS).map((row) => ({
      id: row.id,
      title: row.title,
      approxPoint: approxPointOf(row.lat, row.lng)!,
    })),
    truncated: rows.length > MAX_LISTING_PINS,
    withoutPoint,
  }
}

/** The matches without a point, counted up to MAX_LISTING_PINS: the map tells how many are in the list only. */
async function countWithoutPoint(db: Database, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(where, isNull(listings.pickupLat)))
    .limit(MAX_LISTING_PINS)
    .as('matches')
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(matches)
  return row?.count ?? 0
}
