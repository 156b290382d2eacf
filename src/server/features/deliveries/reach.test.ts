import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type DeliveryEnds, reachesBothEnds, type VolunteerPlace } from '../../../shared/delivery'
import type { Point } from '../../../shared/geo'
import { deliveries, listings, users } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { withinReachSql } from './queries'

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient' },
  volunteer: { role: 'volunteer' },
})

const DEHIWALA: Point = { lat: 6.8511, lng: 79.8659 }
const FORT: Point = { lat: 6.9344, lng: 79.8428 }
const KANDY: Point = { lat: 7.2906, lng: 80.6337 }
const GAMPAHA: Point = { lat: 7.0873, lng: 80.0144 }

/** Deliveries with every mix of known and unknown points, across districts near and far. */
const ENDS: DeliveryEnds[] = []
for (const [pickupDistrict, pickupPoint] of [
  ['Colombo', FORT],
  ['Colombo', null],
  ['Kandy', KANDY],
  ['Gampaha', GAMPAHA],
] as const)
  for (const [district, dropOffPoint] of [
    ['Colombo', DEHIWALA],
    ['Colombo', null],
    ['Kandy', KANDY],
    ['Gampaha', GAMPAHA],
  ] as const)
    ENDS.push({ pickupDistrict, district, pickupPoint, dropOffPoint })

const VOLUNTEERS: VolunteerPlace[] = [
  { district: 'Colombo', location: 'Dehiwala' },
  { district: 'Colombo', location: 'Dehiwala', homePoint: DEHIWALA, reachKm: 10 },
  { district: 'Colombo', location: 'Dehiwala', homePoint: DEHIWALA, reachKm: 5 },
  { district: 'Colombo', location: 'Dehiwala', homePoint: DEHIWALA, reachKm: 40 },
  { district: 'Kandy', location: 'Peradeniya', homePoint: { lat: 7.1, lng: 80.25 }, reachKm: 60 },
]

const ids: string[] = []

beforeAll(async () => {
  const { db } = ctx.app.services
  for (const ends of ENDS) {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      pickupDistrict: ends.pickupDistrict,
      pickupLat: ends.pickupPoint?.lat ?? null,
      pickupLng: ends.pickupPoint?.lng ?? null,
    })
    const [row] = await db
      .insert(deliveries)
      .values({
        listingId: listing.id,
        requesterId: ctx.recipient.id,
        address: '1 Main Street',
        city: ends.district,
        district: ends.district,
        dropOffLat: ends.dropOffPoint?.lat ?? null,
        dropOffLng: ends.dropOffPoint?.lng ?? null,
        deliveryAt: new Date(Date.now() + 3_600_000),
        phone: '0771234567',
        fee: 300,
      })
      .returning({ id: deliveries.id })
    ids.push(row!.id)
  }
})

describe('a volunteer’s reach in SQL (withinReachSql)', () => {
  it('answers as reachesBothEnds does, for points known and unknown and every reach', async () => {
    const { db } = ctx.app.services
    for (const volunteer of VOLUNTEERS) {
      const rows = await db
        .select({ id: deliveries.id, reached: withinReachSql(volunteer) })
        .from(deliveries)
        .innerJoin(listings, eq(listings.id, deliveries.listingId))
      const reached = new Map(rows.map((r) => [r.id, r.reached === true || (r.reached as unknown) === 't']))
      ENDS.forEach((ends, i) => {
        expect(reached.get(ids[i]!), JSON.stringify({ volunteer, ends })).toBe(
          reachesBothEnds(volunteer, ends),
        )
      })
    }
  })

  it('lists the waiting deliveries a volunteer with a home point reaches by distance', async () => {
    const { db } = ctx.app.services
    await db
      .update(users)
      .set({ homeLat: DEHIWALA.lat, homeLng: DEHIWALA.lng, reachKm: 5, district: 'Colombo' })
      .where(eq(users.id, ctx.volunteer.id))
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/deliveries?as=available&size=50',
      headers: { cookie: ctx.volunteer.cookie },
    })
    expect(res.statusCode, res.body).toBe(200)
    const listed = new Set((res.json().items as { id: string }[]).map((d) => d.id))
    const me = { district: 'Colombo', homePoint: DEHIWALA, reachKm: 5 }
    ENDS.forEach((ends, i) => {
      expect(listed.has(ids[i]!), JSON.stringify(ends)).toBe(reachesBothEnds(me, ends))
    })
    // A waiting delivery shows no drop-off point to a volunteer who has not taken it.
    for (const item of res.json().items) expect(item.dropOffPoint).toBeNull()
  })
})
