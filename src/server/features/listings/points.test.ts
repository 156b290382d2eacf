import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { approxPoint, distanceKm, type Point, roundedKm } from '../../../shared/geo'
import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import { users } from '../../db/schema'
import { listingBody } from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient' },
  homeless: { role: 'recipient' },
})

// Where the demo's recipient stands, and food around it (docs/decisions/0070-places-are-points.md).
const DEHIWALA: Point = { lat: 6.8511, lng: 79.8659 }
const PLACES: Record<string, Point> = {
  'Dehiwala kottu': { lat: 6.8567, lng: 79.8631 },
  'Fort lamprais': { lat: 6.9344, lng: 79.8428 },
  'Mount Lavinia hoppers': { lat: 6.8301, lng: 79.8633 },
  'Kandy rice': { lat: 7.2906, lng: 80.6337 },
}
const publicKm = (from: Point, exact: Point) => roundedKm(distanceKm(from, approxPoint(exact)))

let categoryId: string
let image: string

beforeAll(async () => {
  categoryId = (await categoryIds(ctx.app))['rice-curry']!
  image = await uploadImage(ctx.app, ctx.donor)
  for (const [title, point] of Object.entries(PLACES)) {
    const pickupDistrict = title === 'Kandy rice' ? 'Kandy' : 'Colombo'
    await insertListing(ctx.app, ctx.donor.id, {
      title,
      pickupDistrict,
      pickupLat: point.lat,
      pickupLng: point.lng,
    })
  }
  await insertListing(ctx.app, ctx.donor.id, { title: 'No point packets' })
})

const list = async (query: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/listings?${query}`, headers: cookie ? { cookie } : {} })

/** The donor posts a listing picked up at `pickupPoint`. */
const postListingAt = (pickupPoint: CreateListingInput['pickupPoint']) =>
  ctx.app.request('POST', '/api/listings', ctx.donor, listingBody(categoryId, image, { pickupPoint }))

describe('a listing’s pickup point', () => {
  it('is stored from the body; its donor sees it exactly, the public its ~500 m cell', async () => {
    // In Jaffna: far from the Dehiwala searches below.
    const point = { lat: 9.6652, lng: 80.0231 }
    const res = await postListingAt(point)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ pickupPoint: point, approxPoint: approxPoint(point) })
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/listings/${res.json().id}` })).json()
    expect(seen.pickupPoint).toBeNull()
    expect(seen.approxPoint).toEqual(approxPoint(point))
    expect(seen.approxPoint).not.toEqual(point)
  })

  it('is refused outside Sri Lanka with the field’s key', async () => {
    const res = await postListingAt({ lat: 51.5, lng: -0.12 })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.pickupPoint.key).toBe('errors.pointOutsideSriLanka')
  })

  it('stays when an edit leaves it out and is cleared by null', async () => {
    const point = { lat: 9.67, lng: 80.01 }
    const created = await postListingAt(point)
    const { id, version } = created.json()
    const {
      pickupPoint: _,
      safetyChecklist: __,
      institutionsFirst: ___,
      ...body
    } = listingBody(categoryId, image)
    const edit = (extra: Record<string, unknown>, v: number) =>
      ctx.app.request('PATCH', `/api/listings/${id}`, ctx.donor, { ...body, version: v, ...extra })
    const kept = await edit({}, version)
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json().pickupPoint).toEqual(point)
    const cleared = await edit({ pickupPoint: null }, kept.json().version)
    expect(cleared.json()).toMatchObject({ pickupPoint: null, approxPoint: null })
  })
})

describe('GET /api/listings?near=LAT,LNG', () => {
  it('answers the listings within the radius, nearest first, each with its public distance', async () => {
    const res = await list(`near=${DEHIWALA.lat},${DEHIWALA.lng}&radiusKm=10&sort=distance&size=50`)
    expect(res.statusCode, res.body).toBe(200)
    const items = res.json().items as { title: string; distanceKm: number; pickupPoint: unknown }[]
    const ours = items.filter((i) => i.title in PLACES)
    expect(ours.map((i) => i.title)).toEqual(['Dehiwala kottu', 'Mount Lavinia hoppers', 'Fort lamprais'])
    for (const item of ours) {
      expect(item.distanceKm).toBe(publicKm(DEHIWALA, PLACES[item.title]!))
      expect(item.pickupPoint).toBeNull()
    }
    expect(items.some((i) => i.title === 'No point packets')).toBe(false)
  })

  it('keeps to the radius: 5 km leaves Colombo Fort out, 50 km still not Kandy', async () => {
    const titles = async (radius: number) =>
      (
        (await list(`near=${DEHIWALA.lat},${DEHIWALA.lng}&radiusKm=${radius}&sort=distance`)).json()
          .items as { title: string }[]
      ).map((i) => i.title)
    expect(await titles(5)).not.toContain('Fort lamprais')
    expect(await titles(5)).toContain('Dehiwala kottu')
    expect(await titles(50)).not.toContain('Kandy rice')
    expect(await titles(100)).toContain('Kandy rice')
  })

  it('refuses a radius outside 1–100 km and a point outside Sri Lanka (400, with the field)', async () => {
    for (const radius of ['0', '101', 'far', '-3']) {
      const res = await list(`near=6.85,79.86&radiusKm=${radius}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.radiusKm.key).toBe('nearby.errors.radiusOutOfRange')
    }
    const outside = await list('near=51.5,-0.12')
    expect(outside.statusCode).toBe(400)
    expect(outside.json().error.fields.near.key).toBe('errors.pointOutsideSriLanka')
    expect((await list('near=Atlantis')).json().error.fields.near.key).toBe('nearby.errors.nearInvalid')
  })

  it('still sorts by a district’s centroid with near=<district>', async () => {
    const res = await list('near=Kandy&sort=distance&size=50')
    expect(res.statusCode).toBe(200)
    expect(res.json().items[0].title).toBe('Kandy rice')
    expect(res.json().items[0].distanceKm).toBe(0)
  })

  it('uses the signed-in person’s home point for sort=distance without near; none: 400', async () => {
    await ctx.app.services.db
      .update(users)
      .set({ homeLat: DEHIWALA.lat, homeLng: DEHIWALA.lng })
      .where(eq(users.id, ctx.recipient.id))
    const mine = await list('sort=distance', ctx.recipient.cookie)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().items[0].title).toBe('Dehiwala kottu')
    for (const cookie of [ctx.homeless.cookie, undefined]) {
      const res = await list('sort=distance', cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.near.key).toBe('nearby.errors.homePointRequired')
    }
  })
})
