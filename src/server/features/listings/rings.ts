import type { SQL } from 'drizzle-orm'
import type { Point } from '../../../shared/geo'
import type { ParsedListingQuery } from '../../../shared/schemas/listing-query'
import type { Database } from '../../db/client'
import { listings } from '../../db/schema'
import { ordering } from './ordering'

const FIRST_RING_KM = 2
const RING_GROWTH = 3

/** The radii of the rings a point search reads, innermost first; the last is the search's own radius. */
export function ringRadii(radiusKm: number): number[] {
  const radii: number[] = []
  for (let km = FIRST_RING_KM; km < radiusKm; km *= RING_GROWTH) radii.push(km)
  return [...radii, radiusKm]
}

/**
 * The ids of one segment's rows nearest to `origin`, `take` of them from `skip` on, in the distance
 * sort's order. Read ring by ring, as the district sort reads district by district: each ring reads
 * the matches within its radius through its own, smaller box of listings_pickup_point_idx and sorts
 * only those. Once a ring holds `skip + take` of them they are the nearest of the whole radius, as
 * every match beyond lies farther than the ring's radius, so the wider rings are never read
 * (docs/decisions/0070-places-are-points.md, addendum). `where(ringKm)`: the segment's filters
 * with the radius cut to that ring.
 */
export async function nearestPointIds(
  db: Database,
  query: ParsedListingQuery,
  origin: Point,
  where: (ringKm: number) => SQL | undefined,
  skip: number,
  take: number,
): Promise<string[]> {
  const read = async (ringKm: number) =>
    (
      await db
        .select({ id: listings.id })
        .from(listings)
        .where(where(ringKm))
        .orderBy(...ordering(query, listings, origin))
        .limit(take)
        .offset(skip)
    ).map((row) => row.id)
  const radii = ringRadii(query.radiusKm)
  for (const ringKm of radii.slice(0, -1)) {
    const ids = await read(ringKm)
    if (ids.length === take) return ids
  }
  return read(query.radiusKm)
}
