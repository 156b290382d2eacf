/**
 * Where a listing's food is collected and how to reach its donor, on every answer that carries a
 * listing (listings, home, orders, deliveries): shown to those the policy's 'listing.seeLocation'
 * allows, null for everyone else, who see the city and district only
 * (docs/decisions/0026-private-pickup-address.md).
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { Point } from '../../../shared/geo'
import { can } from '../../../shared/policy'
import { APPROVED_ORDER_STATUSES } from '../../../shared/reference-data'
import type { Database, Transaction } from '../../db/client'
import { claims, deliveries, foodRequests } from '../../db/schema'

/** The listing fields that are need-to-know. */
export type LocationFields = {
  pickupAddress: string | null
  pickupPostalCode: string | null
  contactPhone: string | null
  contactEmail: string | null
  /** The exact pickup point (docs/decisions/0070-places-are-points.md): the public has approxPoint. */
  pickupPoint: Point | null
}

/** A listing as the rule reads it: its id and its donor. */
export type ListingRef = { id: string; donorId: string }

/** The same listing (or listing summary) without its street address, postal code and donor contact. */
export function concealLocation<T extends LocationFields>(item: T): T {
  return {
    ...item,
    pickupAddress: null,
    pickupPostalCode: null,
    contactPhone: null,
    contactEmail: null,
    pickupPoint: null,
  }
}

/**
 * Whether `viewer` may see the location of each of `listings`: reads, for the viewer only, the
 * listings on which they have an approved order or a delivery they carry, then asks the policy.
 */
export async function locationAccess(
  db: Database | Transaction,
  viewer: Actor | null | undefined,
  listings: readonly ListingRef[],
): Promise<(listing: ListingRef) => boolean> {
  if (!viewer) return () => false
  const ids = [...new Set(listings.filter((l) => l.donorId !== viewer.id).map((l) => l.id))]
  const [approved, delivering] =
    ids.length === 0
      ? [new Set<string>(), new Set<string>()]
      : await Promise.all([approvedOrderListings(db, viewer.id, ids), deliveringListings(db, viewer.id, ids)])
  return (listing) =>
    can(viewer, 'listing.seeLocation', {
      donorId: listing.donorId,
      approvedRequesterIds: approved.has(listing.id) ? [viewer.id] : [],
      volunteerIds: delivering.has(listing.id) ? [viewer.id] : [],
    })
}

/** The listings among `ids` on which `userId` has a claim or request that the donor approved. */
async function approvedOrderListings(db: Database | Transaction, userId: string, ids: string[]) {
  const [claimed, requested] = await Promise.all([
    db
      .selectDistinct({ id: claims.listingId })
      .from(claims)
      .where(
        and(
          eq(claims.claimantId, userId),
          inArray(claims.listingId, ids),
          inArray(claims.status, APPROVED_ORDER_STATUSES),
        ),
      ),
    db
      .selectDistinct({ id: foodRequests.listingId })
      .from(foodRequests)
      .where(
        and(
          eq(foodRequests.requesterId, userId),
          inArray(foodRequests.listingId, ids),
          inArray(foodRequests.status, APPROVED_ORDER_STATUSES),
        ),
      ),
  ])
  return new Set([...claimed, ...requested].map((r) => r.id))
}

/** The listings among `ids` whose delivery `userId` took (and was not cancelled). */
async function deliveringListings(db: Database | Transaction, userId: string, ids: string[]) {
  const rows = await db
    .selectDistinct({ id: deliveries.listingId })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.volunteerId, userId),
        inArray(deliveries.listingId, ids),
        ne(deliveries.status, 'cancelled'),
      ),
    )
  return new Set(rows.map((r) => r.id))
}

/** `items` as `viewer` may see them; `listingOf` names each item's listing, `conceal` hides its location. */
export async function presentLocations<T>(
  db: Database | Transaction,
  viewer: Actor | null | undefined,
  items: T[],
  listingOf: (item: T) => ListingRef,
  conceal: (item: T) => T,
): Promise<T[]> {
  const may = await locationAccess(db, viewer, items.map(listingOf))
  return items.map((item) => (may(listingOf(item)) ? item : conceal(item)))
}
