import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { approxPoint, type Point } from '../../../shared/geo'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { LISTING_PAGE_SIZE, MAX_LISTING_PINS } from '../../../shared/schemas/listing-query'
import { listings, users } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

/**
 * GET /api/listings/pins: every listing Find Food's filters match, as pins on public points
 * (docs/decisions/0072-the-map-view.md, docs/decisions/0070-places-are-points.md).
 */
const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: { role: 'recipient' } })

const DEHIWALA: Point = { lat: 6.8511, lng: 79.8659 }
/** Exact points with six decimals, which no rounding writes by chance: none may reach an answer. */
const NEARBY: Point[] = Array.from({ length: LISTING_PAGE_SIZE + 3 }, (_, i) => ({
  lat: Number((6.852113 + i * 0.002137).toFixed(6)),
  lng: Number((79.861347 + (i % 4) * 0.003119).toFixed(6)),
}))
const KANDY: Point = { lat: 7.290613, lng: 80.633719 }
const STAMP = 'Pittu'

type Pin = { id: string; title: string; approxPoint: Point }

beforeAll(async () => {
  for (const [i, point] of NEARBY.entries()) {
    await insertListing(ctx.app, ctx.donor.id, {
      title: `${STAMP} ${i}`,
      pickupLat: point.lat,
      pickupLng: point.lng,
    })
  }
  await insertListing(ctx.app, ctx.donor.id, {
    title: `${STAMP} Kandy`,
    pickupDistrict: 'Kandy',
    pickupLat: KANDY.lat,
    pickupLng: KANDY.lng,
  })
  await insertListing(ctx.app, ctx.donor.id, { title: `${STAMP} without a point` })
  await insertListing(ctx.app, ctx.donor.id, {
    title: `${STAMP} hidden`,
    pickupLat: DEHIWALA.lat,
    pickupLng: DEHIWALA.lng,
    hiddenAt: new Date(),
  })
})

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
const near = `near=${DEHIWALA.lat},${DEHIWALA.lng}&radiusKm=10&sort=distance`

describe('GET /api/listings/pins', () => {
  it('pins every match in the radius, beyond the first page, by its public point only', async () => {
    const page = await get(`/api/listings?q=${STAMP}&${near}`)
    expect(page.json().items).toHaveLength(LISTING_PAGE_SIZE)
    expect(page.json().hasMore).toBe(true)

    const res = await get(`/api/listings/pins?q=${STAMP}&${near}`)
    expect(res.statusCode, res.body).toBe(200)
    const { pins, truncated, withoutPoint } = res.json() as {
      pins: Pin[]
      truncated: boolean
      withoutPoint: number
    }
    expect(truncated).toBe(false)
    expect(withoutPoint).toBe(0)
    expect(pins.map((p) => p.title).sort()).toEqual(NEARBY.map((_, i) => `${STAMP} ${i}`).sort())
    for (const pin of pins) {
      expect(Object.keys(pin).sort()).toEqual(['approxPoint', 'id', 'title'])
      expect(pin.approxPoint).toEqual(approxPoint(NEARBY[Number(pin.title.split(' ')[1])]!))
    }
    for (const point of [...NEARBY, KANDY]) {
      expect(res.body).not.toContain(String(point.lat))
      expect(res.body).not.toContain(String(point.lng))
    }
  })

  it('keeps to the district and counts the matches that have no point', async () => {
    const colombo = (await get(`/api/listings/pins?q=${STAMP}&district=Colombo`)).json()
    expect(colombo.pins).toHaveLength(NEARBY.length)
    expect(colombo.withoutPoint).toBe(1)
    const kandy = (await get(`/api/listings/pins?q=${STAMP}&district=Kandy`)).json()
    expect(kandy).toEqual({
      pins: [{ id: expect.any(String), title: `${STAMP} Kandy`, approxPoint: approxPoint(KANDY) }],
      truncated: false,
      withoutPoint: 0,
    })
  })

  it('gives the signed-in reader the pins around their home point', async () => {
    await ctx.app.services.db
      .update(users)
      .set({ homeLat: DEHIWALA.lat, homeLng: DEHIWALA.lng })
      .where(eq(users.id, ctx.recipient.id))
    const res = await get(`/api/listings/pins?q=${STAMP}&sort=distance&radiusKm=5`, ctx.recipient.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().pins).toHaveLength(NEARBY.length)
  })

  it('answers no pins for a category that does not exist', async () => {
    const res = await get(`/api/listings/pins?q=${STAMP}&category=no-such-food`)
    expect(res.json()).toEqual({ pins: [], truncated: false, withoutPoint: 0 })
  })

  it.each([
    ['near=51.5,-0.12', 'near', 'errors.pointOutsideSriLanka'],
    ['near=Atlantis', 'near', 'nearby.errors.nearInvalid'],
    ['near=6.85,79.86&radiusKm=0', 'radiusKm', 'nearby.errors.radiusOutOfRange'],
    ['near=6.85,79.86&radiusKm=far', 'radiusKm', 'nearby.errors.radiusOutOfRange'],
    ['sort=distance', 'near', 'nearby.errors.homePointRequired'],
  ])('refuses %s with 400 and the field’s key', async (query, field, key) => {
    const res = await get(`/api/listings/pins?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].key).toBe(key)
  })

  it.each(['type=gift', 'diet=carnivore', 'sort=cheapest', 'district=Atlantis', 'availability=some'])(
    'refuses the unknown value %s with 400',
    async (query) => {
      expect((await get(`/api/listings/pins?${query}`)).statusCode).toBe(400)
    },
  )

  it(`stops at ${MAX_LISTING_PINS} pins and says so, the available food first`, async () => {
    const expiresAt = new Date(Date.now() + 30 * 3_600_000)
    const values = Array.from({ length: MAX_LISTING_PINS + 5 }, (_, i) => ({
      donorId: ctx.donor.id,
      title: `Hoppers ${i}`,
      description: 'Many at once',
      quantity: i === 0 ? 0 : 5,
      initialQuantity: 5,
      type: 'free',
      price: 0,
      pickupAddress: '1 Test Road',
      pickupCity: 'Galle',
      pickupDistrict: 'Galle',
      pickupLat: 6.03 + (i % 50) * 0.001,
      pickupLng: 80.21 + Math.floor(i / 50) * 0.001,
      expiresAt,
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      status: i === 0 ? 'claimed' : 'available',
    }))
    for (let i = 0; i < values.length; i += 500) {
      await ctx.app.services.db.insert(listings).values(values.slice(i, i + 500))
    }
    const res = await get('/api/listings/pins?q=Hoppers&district=Galle')
    expect(res.statusCode).toBe(200)
    expect(res.json().pins).toHaveLength(MAX_LISTING_PINS)
    expect(res.json().truncated).toBe(true)
    expect(res.json().pins.map((p: Pin) => p.title)).not.toContain('Hoppers 0')
  })
})
