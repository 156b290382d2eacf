import { eq, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { DISTRICTS, type District, type DistrictName, findDistrict } from '../../../shared/districts'
import { offeredToOrganisationsOnly } from '../../../shared/first-refusal'
import { approxPoint, distanceKm, type Point, roundedKm } from '../../../shared/geo'
import type { ListingStatus } from '../../../shared/reference-data'
import type { NearQuery } from '../../../shared/schemas/listing-query'
import type { Listing } from '../../../shared/schemas/listings'
import { pointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { categories, donorListingCounts, listings, users } from '../../db/schema'
import { thumbnailOf } from '../uploads/service'

export type ListingRow = typeof listings.$inferSelect

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID_RE.test(value)

/** The next version of a listing row: every write to a listing sets it (see updateListing). */
export const bumped = sql`${listings.version} + 1`

/**
 * Orderable now: available, servings left, not past expiry (the sweep may not have run yet), not
 * hidden by a moderator.
 */
export const availableSql = sql`(${listings.status} = 'available' and ${listings.quantity} > 0 and ${listings.expiresAt} > now() and ${listings.hiddenAt} is null)`

/** The distance given to a listing whose district is not one of the 25. */
const UNKNOWN_DISTRICT_KM = 100_000

/** The km between two districts' centroids as an SQL constant, to one decimal. */
export const districtDistanceKm = (from: District, to: District) =>
  (Math.round(distanceKm(from, to) * 10) / 10).toFixed(1)

/**
 * Distance in km from a district's centroid to each listing's district, as a CASE over the 25
 * districts (constants only, so the SQL is safe to inline and the planner sees numbers).
 */
export function distanceSql(origin: DistrictName, district: SQLWrapper = listings.pickupDistrict): SQL {
  const from = findDistrict(origin)!
  const whens = DISTRICTS.map(
    (d) => `when '${d.name.replaceAll("'", "''")}' then ${districtDistanceKm(from, d)}`,
  ).join(' ')
  return sql`(case ${district} ${sql.raw(whens)} else ${sql.raw(UNKNOWN_DISTRICT_KM.toFixed(1))} end)`
}

/** Every column of a listing answer: not the search text, keys and terms, which only the search reads. */
const { searchText, searchKey, searchVector, ...listingColumns } = getTableColumns(listings)

const listingSelection = {
  listing: listingColumns,
  category: columnsOf(categories, 'id', 'slug', 'name', 'icon', 'color'),
  donorName: users.name,
  donorType: users.donorType,
  donorAvatarUrl: sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`,
  donorJoinedAt: users.createdAt,
  // Read from the counts the database keeps (migration 0013), not counted per row. None only if a
  // count went missing, which must not hide the listing: hence the left join.
  donationCount: sql<number>`coalesce(${donorListingCounts.listings}, 0)`.mapWith(Number),
  available: sql<boolean>`${availableSql}`.mapWith((v: unknown) => v === true || v === 't'),
}

export type SelectedRow = {
  listing: Omit<ListingRow, 'searchText' | 'searchKey' | 'searchVector'>
  category: { id: string; slug: string; name: string; icon: string; color: string } | null
  donorName: string
  donorType: string | null
  donorAvatarUrl: string | null
  donorJoinedAt: Date
  donationCount: number
  available: boolean
}

/**
 * The km from `origin` to a listing's district, as distanceSql gives it: computed here rather than
 * in SQL, so the page's rows are read by one prepared statement whatever the origin (pageRows).
 */
function distanceFrom(origin: DistrictName, district: string): number {
  const to = findDistrict(district)
  return to ? Number(districtDistanceKm(findDistrict(origin)!, to)) : UNKNOWN_DISTRICT_KM
}
/**
 * A listing's distance from a point, as the public may know it: from its approxPoint, rounded
 * (roundedKm), so asking from many places cannot narrow down the exact point
 * (docs/decisions/0070-places-are-points.md).
 */
export function publicDistanceKm(origin: Point, exact: Point): number {
  return roundedKm(distanceKm(origin, approxPoint(exact)))
}

/** The distance `near` gives a listing: district to district, or a point to its approxPoint. */
function distanceOf(near: NearQuery | undefined, l: SelectedRow['listing'], exact: Point | null) {
  if (near?.district) return distanceFrom(near.district, l.pickupDistrict)
  if (near?.point && exact) return publicDistanceKm(near.point, exact)
  return null
}

/** The API's listing from its row; `near` (a district or a point) gives it its distance. */
export function toListing(row: SelectedRow, near?: NearQuery): Listing {
  const l = row.listing
  const exact = pointOf(l.pickupLat, l.pickupLng)
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    category: row.category?.id ? row.category : null,
    quantity: l.quantity,
    initialQuantity: l.initialQuantity,
    type: l.type as Listing['type'],
    price: l.price,
    pickupAddress: l.pickupAddress,
    pickupCity: l.pickupCity,
    pickupDistrict: l.pickupDistrict,
    pickupPostalCode: l.pickupPostalCode,
    contactPhone: l.contactPhone,
    contactEmail: l.contactEmail,
    pickupDate: l.pickupDate,
    pickupTimeStart: l.pickupTimeStart,
    pickupTimeEnd: l.pickupTimeEnd,
    expiresAt: l.expiresAt.toISOString(),
    preparedAt: l.preparedAt?.toISOString() ?? null,
    storage: l.storage as Listing['storage'],
    safeUntil: l.safeUntil?.toISOString() ?? null,
    imageUrls: l.imageUrls,
    thumbnailUrls: l.imageUrls.map(thumbnailOf),
    allergens: l.allergens as Listing['allergens'],
    dietary: l.dietary as Listing['dietary'],
    preparationNotes: l.preparationNotes,
    deliveryRequested: l.deliveryRequested,
    safetyChecklist: l.safetyChecklist,
    status: l.status as ListingStatus,
    available: row.available,
    donor: {
      id: l.donorId,
      name: row.donorName,
      type: row.donorType as Listing['donor']['type'],
      avatarUrl: row.donorAvatarUrl,
      donationCount: row.donationCount,
      joinedAt: new Date(row.donorJoinedAt).toISOString(),
    },
    distanceKm: distanceOf(near, l, exact),
    approxPoint: exact && approxPoint(exact),
    pickupPoint: exact,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    version: l.version,
    hidden: l.hiddenAt !== null,
    institutionsFirstUntil: offeredToOrganisationsOnly(l.institutionsFirstUntil, new Date())
      ? l.institutionsFirstUntil!.toISOString()
      : null,
  }
}

export function baseQuery(db: Database) {
  return db
    .select(listingSelection)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(donorListingCounts, eq(donorListingCounts.donorId, listings.donorId))
}
