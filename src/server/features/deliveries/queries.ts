/** Reading deliveries, and what each viewer may see of them (addresses and contacts are need-to-know). */

import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../shared/actor'
import { DEFAULT_REACH_KM, reachableAreas, type VolunteerPlace } from '../../../shared/delivery'
import { can } from '../../../shared/policy'
import type { DeliveryStatus, OrderStatus } from '../../../shared/reference-data'
import type { Delivery, Order } from '../../../shared/schemas/orders'
import { pointOf } from '../../../shared/schemas/point'
import { normalisePhone } from '../../../shared/sms'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { categories, claims, deliveries, foodRequests, listings, ratings, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { notFound } from '../../platform/errors'
import { haversineSql } from '../../platform/geo-sql'
import { concealLocation, locationAccess } from '../listings/service'
import { listingSummary } from '../orders/service'

export type DeliveryActor = Actor & { name: string; email: string; district: string | null }

const requesters = alias(users, 'requester')
const volunteers = alias(users, 'volunteer')
const donors = alias(users, 'donor')

/**
 * Offered to volunteers: the donor approved its order. Deliveries from before deliveries reserved
 * have no order and count as approved (docs/decisions/0027-delivery-is-part-of-an-order.md). Usable in a select or an update.
 */
export const approvedSql = sql`(
  (${deliveries.claimId} is null and ${deliveries.foodRequestId} is null)
  or exists (select 1 from ${claims} where ${claims.id} = ${deliveries.claimId} and ${claims.status} in ('confirmed', 'completed'))
  or exists (select 1 from ${foodRequests} where ${foodRequests.id} = ${deliveries.foodRequestId} and ${foodRequests.status} in ('confirmed', 'completed'))
)`

/** A delivery with its listing, its order and its people (read by its pages and the data export). */
export function selectDeliveries(db: Database) {
  return db
    .select({
      delivery: deliveries,
      listing: listings,
      donorName: donors.name,
      donorContact: { phone: donors.phone, email: donors.email },
      claim: { id: claims.id, status: claims.status },
      foodRequest: { id: foodRequests.id, status: foodRequests.status },
      categorySlug: categories.slug,
      // The requester's rating of the volunteer (the ratings model, docs/decisions/0038-trust-ratings-fair-use.md).
      rating: sql<
        number | null
      >`(select ${ratings.score} from ${ratings} where ${ratings.deliveryId} = ${deliveries.id} and ${ratings.raterId} = ${deliveries.requesterId})`,
      requester: columnsOf(requesters, 'id', 'name', 'email'),
      requesterVerifiedPhone: requesters.verifiedPhone,
      volunteer: columnsOf(volunteers, 'id', 'name', 'phone', 'email'),
    })
    .from(deliveries)
    .innerJoin(listings, eq(listings.id, deliveries.listingId))
    .innerJoin(donors, eq(donors.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .innerJoin(requesters, eq(requesters.id, deliveries.requesterId))
    .leftJoin(volunteers, eq(volunteers.id, deliveries.volunteerId))
    .leftJoin(claims, eq(claims.id, deliveries.claimId))
    .leftJoin(foodRequests, eq(foodRequests.id, deliveries.foodRequestId))
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['execute']>>[number]

/** A delivery with every detail, as the server reads it; answers go through presentDeliveries(). */
export type DeliveryRecord = Delivery & {
  listing: Order['listing']
  requester: NonNullable<Delivery['requester']>
  address: string
  phone: string
  donorContact: NonNullable<Delivery['donorContact']>
}

/** What the policy reads of a delivery: the people it concerns, its status and its two ends. */
export function partiesOf(delivery: DeliveryRecord) {
  return {
    requesterId: delivery.requester.id,
    donorId: delivery.listing.donorId,
    volunteerId: delivery.volunteer?.id ?? null,
    status: delivery.status,
    approved: delivery.approved,
    pickupDistrict: delivery.listing.pickupDistrict,
    district: delivery.district,
    pickupPoint: delivery.listing.pickupPoint,
    dropOffPoint: delivery.dropOffPoint,
  }
}

/**
 * The delivery as `viewer` may see it. A volunteer deciding whether to accept gets the area,
 * time, fee and food only: who asked, how to reach them, the delivery address and the instructions
 * come once they are its volunteer. The pickup address follows the listing's rule (presentDeliveries).
 */
function visibleTo(delivery: DeliveryRecord, viewer: Actor): Delivery {
  if (can(viewer, 'delivery.seeContact', partiesOf(delivery))) return delivery
  return {
    ...delivery,
    requester: null,
    address: null,
    postalCode: null,
    dropOffPoint: null,
    phone: null,
    phoneVerified: false,
    email: null,
    specialInstructions: null,
    donorContact: null,
  }
}

/** Deliveries as `viewer` may see them: their contacts (visibleTo) and the listing's location. */
export async function presentDeliveries(
  db: Database,
  viewer: Actor,
  records: DeliveryRecord[],
): Promise<Delivery[]> {
  const listingOf = (d: DeliveryRecord) => ({ id: d.listing.id, donorId: d.listing.donorId })
  const mayLocate = await locationAccess(db, viewer, records.map(listingOf))
  return records.map((record) => {
    const shown = visibleTo(record, viewer)
    return mayLocate(listingOf(record)) ? shown : { ...shown, listing: concealLocation(shown.listing) }
  })
}

function orderOf(row: Row): Delivery['order'] {
  if (row.claim?.id) return { kind: 'claim', id: row.claim.id, status: row.claim.status as OrderStatus }
  if (row.foodRequest?.id) {
    return { kind: 'request', id: row.foodRequest.id, status: row.foodRequest.status as OrderStatus }
  }
  return null
}

function toDelivery(row: Row): DeliveryRecord {
  const d = row.delivery
  const iso = (v: Date | null) => (v ? v.toISOString() : null)
  const order = orderOf(row)
  return {
    id: d.id,
    listing: listingSummary(row.listing, row.donorName, row.categorySlug),
    requester: row.requester,
    address: d.address,
    city: d.city,
    district: d.district,
    postalCode: d.postalCode,
    dropOffPoint: pointOf(d.dropOffLat, d.dropOffLng),
    deliveryAt: d.deliveryAt.toISOString(),
    phone: d.phone,
    phoneVerified:
      row.requesterVerifiedPhone !== null && normalisePhone(d.phone) === row.requesterVerifiedPhone,
    email: d.email,
    specialInstructions: d.specialInstructions,
    urgent: d.urgent,
    fee: d.fee,
    status: d.status as DeliveryStatus,
    volunteer: row.volunteer?.id ? row.volunteer : null,
    assignedAt: iso(d.assignedAt),
    pickedUpAt: iso(d.pickedUpAt),
    completedAt: iso(d.completedAt),
    rating: row.rating === null ? null : Number(row.rating),
    createdAt: d.createdAt.toISOString(),
    quantity: d.quantity,
    order,
    // Mirrors approvedSql.
    approved: !order || order.status === 'confirmed' || order.status === 'completed',
    donorContact: row.donorContact,
  }
}

export async function getDelivery(db: Database | Transaction, id: string): Promise<DeliveryRecord> {
  const [row] = await selectDeliveries(db).where(eq(deliveries.id, id)).limit(1)
  if (!row) throw notFound('deliveries.errors.notFound')
  return toDelivery(row)
}

/**
 * Who may see a delivery: the people it concerns, and a volunteer who can reach both ends while an
 * approved one waits for a volunteer (the area, time, fee and size only, see presentDeliveries).
 */
export async function getVisibleDelivery(db: Database, id: string, viewer: Actor): Promise<Delivery> {
  const delivery = await getDelivery(db, id)
  authorize(viewer, 'delivery.view', partiesOf(delivery))
  return (await presentDeliveries(db, viewer, [delivery]))[0]!
}

/**
 * reachesBothEnds (src/shared/delivery.ts) as a condition, tested against it in reach.test.ts: both
 * ends within the volunteer's reachKm of their home point where all three points are known, else
 * both ends in one of the areas they reach by district (reachableAreas); none: false.
 */
export function withinReachSql(volunteer: VolunteerPlace): SQL {
  const areas = reachableAreas(volunteer).map((area) =>
    and(inArray(listings.pickupDistrict, area), inArray(deliveries.district, area)),
  )
  const byDistrict = areas.length > 0 ? or(...areas)! : sql`false`
  const home = volunteer.homePoint
  if (!home) return byDistrict
  const reach = volunteer.reachKm ?? DEFAULT_REACH_KM
  const pointsKnown = sql`(${listings.pickupLat} is not null and ${listings.pickupLng} is not null
    and ${deliveries.dropOffLat} is not null and ${deliveries.dropOffLng} is not null)`
  const byDistance = sql`(${haversineSql(home, listings.pickupLat, listings.pickupLng)} <= ${reach}::float8
    and ${haversineSql(home, deliveries.dropOffLat, deliveries.dropOffLng)} <= ${reach}::float8)`
  return sql`((${pointsKnown} and ${byDistance}) or (not ${pointsKnown} and ${byDistrict}))`
}

export async function listDeliveries(
  db: Database,
  viewer: DeliveryActor,
  as: 'requester' | 'volunteer' | 'available',
  page: number,
  size: number,
): Promise<{ items: Delivery[]; hasMore: boolean }> {
  if (as === 'available') authorize(viewer, 'delivery.listWaiting')
  const query =
    as === 'available'
      ? // Approved, waiting for a volunteer and within their reach (the rule of policy 'delivery.view',
        // docs/decisions/0047-pickup-codes.md); their own district (either end) first, then the most urgent.
        selectDeliveries(db)
          .where(
            and(
              eq(deliveries.status, 'pending'),
              isNull(deliveries.volunteerId),
              ne(deliveries.requesterId, viewer.id),
              approvedSql,
              withinReachSql(viewer),
            ),
          )
          .orderBy(
            sql`(${deliveries.district} = ${viewer.district ?? ''} or ${listings.pickupDistrict} = ${viewer.district ?? ''}) desc`,
            desc(deliveries.urgent),
            asc(deliveries.deliveryAt),
            asc(deliveries.id),
          )
      : as === 'volunteer'
        ? selectDeliveries(db)
            .where(eq(deliveries.volunteerId, viewer.id))
            .orderBy(asc(deliveries.deliveryAt), asc(deliveries.id))
        : selectDeliveries(db)
            .where(eq(deliveries.requesterId, viewer.id))
            .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
  const rows = await query.limit(size + 1).offset((page - 1) * size)
  return {
    items: await presentDeliveries(db, viewer, rows.slice(0, size).map(toDelivery)),
    hasMore: rows.length > size,
  }
}
