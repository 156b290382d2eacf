import { beforeAll, describe, expect, it } from 'vitest'
import { DISTRICTS, findDistrict } from '../../../shared/districts'
import { APPROX_STEP, approxPoint, boundingBox, distanceKm, type Point } from '../../../shared/geo'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { AVAILABLE_COUNT_CAP } from '../../../shared/schemas/listing-query'
import { listings } from '../../db/schema'
import { setUpTestApp } from '../../test/harness'

/**
 * More available listings than the count's cap, in every district: the pages must be exactly those
 * of the full sort, whichever way the server reads them (docs/decisions/0036-listings-at-national-scale.md).
 */
const ctx = setUpTestApp({ donor: { role: 'donor' } })

const HOUR = 3_600_000
const AVAILABLE = AVAILABLE_COUNT_CAP + 40
const TAKEN = 30
const SIZE = 50

/** The point searches' origin, in Galle; every listing lies within 25 km of it. */
const ORIGIN: Point = { lat: 6.0535, lng: 80.221 }
const RADIUS_KM = 25

/** The centres of the ~500 m cells within `km` + 1 of ORIGIN, and their public distance. */
function cellsAround(km: number) {
  const start = approxPoint(ORIGIN)
  const steps = Math.ceil((km + 1) / 0.45)
  const cells: { centre: Point; km: number }[] = []
  for (let i = -steps; i <= steps; i += 1) {
    for (let j = -steps; j <= steps; j += 1) {
      const centre = { lat: start.lat + i * APPROX_STEP, lng: start.lng + j * APPROX_STEP }
      cells.push({ centre, km: distanceKm(ORIGIN, centre) })
    }
  }
  return cells
}

/**
 * Two points astride `km`: one whose approxPoint lies within it although the point itself lies
 * outside the plain bounding box of `km` (the far corner of its cell), and the nearest whose
 * approxPoint lies beyond it, in the near corner of its cell.
 */
function astride(km: number): [Point, Point] {
  const cells = cellsAround(km)
  const corner = ({ centre }: { centre: Point }, away: number) => ({
    lat: centre.lat + away * Math.sign(centre.lat - ORIGIN.lat) * 0.0022,
    lng: centre.lng + away * Math.sign(centre.lng - ORIGIN.lng) * 0.0022,
  })
  const box = boundingBox(ORIGIN, km)
  const outsideBox = (p: Point) =>
    p.lat > box.maxLat || p.lat < box.minLat || p.lng > box.maxLng || p.lng < box.minLng
  const within = cells
    .filter((c) => c.km <= km && outsideBox(corner(c, 1)))
    .sort((a, b) => b.km - a.km)
    .at(-1)!
  const beyond = cells.filter((c) => c.km > km).sort((a, b) => a.km - b.km)[0]!
  return [corner(within, 1), corner(beyond, -1)]
}
/** By the first ring's side (2 km) and the radius's, in listings that are available. */
const EDGES = new Map<number, Point>([...astride(2), ...astride(RADIUS_KM)].map((point, i) => [i + 1, point]))

/** Elsewhere, a listing lies on a spiral out to 24 km: more than the cap within the radius. */
function pointOf(i: number): Point {
  const km = 0.3 + (((i * 7919) % 1070) / 1070) * 23.5
  const bearing = i * 2.39996
  return {
    lat: ORIGIN.lat + (km / 111.2) * Math.cos(bearing),
    lng: ORIGIN.lng + (km / (111.2 * Math.cos((ORIGIN.lat * Math.PI) / 180))) * Math.sin(bearing),
  }
}

type Row = {
  id: string
  km: number
  title: string
  district: string
  expiresAt: number
  createdAt: number
  available: boolean
}
let rows: Row[] = []

beforeAll(async () => {
  const now = Date.now()
  const values = Array.from({ length: AVAILABLE + TAKEN }, (_, i) => {
    const available = i < AVAILABLE
    const district = DISTRICTS[(i * 7) % DISTRICTS.length]!.name
    const point = EDGES.get(i) ?? pointOf(i)
    return {
      donorId: ctx.donor.id,
      // Every tenth is curry: a search with fewer matches than the cap.
      title: i % 10 === 0 ? `Chicken curry ${i}` : `Bread loaves ${i}`,
      description: 'Shared at scale',
      quantity: available ? 5 : 0,
      initialQuantity: 5,
      type: 'free',
      price: 0,
      pickupAddress: '1 Test Road',
      pickupCity: district,
      pickupDistrict: district,
      pickupLat: point.lat,
      pickupLng: point.lng,
      expiresAt: new Date(now + (2 + ((i * 37) % 500) / 10) * HOUR),
      createdAt: new Date(now - ((i * 53) % 997) * 60_000 - i),
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      status: available ? 'available' : 'claimed',
    }
  })
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await ctx.app.services.db
      .insert(listings)
      .values(values.slice(i, i + 500))
      .returning()
    rows = rows.concat(
      inserted.map((r) => ({
        id: r.id,
        km: distanceKm(ORIGIN, approxPoint({ lat: r.pickupLat!, lng: r.pickupLng! })),
        title: r.title,
        district: r.pickupDistrict,
        expiresAt: r.expiresAt.getTime(),
        createdAt: r.createdAt.getTime(),
        available: r.status === 'available',
      })),
    )
  }
})

const galle = findDistrict('Galle')!
const kmFromGalle = (district: string) => Math.round(distanceKm(galle, findDistrict(district)!) * 10) / 10
const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestFirst = (a: Row, b: Row) => b.createdAt - a.createdAt || byId(a, b)
const nearestFirst = (a: Row, b: Row) =>
  kmFromGalle(a.district) - kmFromGalle(b.district) || a.expiresAt - b.expiresAt || newestFirst(a, b)
const nearestToOrigin = (a: Row, b: Row) => a.km - b.km || a.expiresAt - b.expiresAt || newestFirst(a, b)

/** The whole list as the API promises it: available first, each segment in the sort's order. */
function sorted(order: (a: Row, b: Row) => number, where: (row: Row) => boolean = () => true) {
  const matching = rows.filter(where)
  return [
    ...matching.filter((r) => r.available).sort(order),
    ...matching.filter((r) => !r.available).sort(order),
  ].map((r) => r.id)
}

async function page(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings?${query}` })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  return { ...body, ids: body.items.map((i: { id: string }) => i.id) as string[] }
}

describe('GET /api/listings beyond the count cap', () => {
  it('counts available matches up to the cap and then says there are more', async () => {
    expect(await page('size=1')).toMatchObject({
      availableCount: AVAILABLE_COUNT_CAP,
      availableCountCapped: true,
    })
    const curry = rows.filter((r) => r.available && r.title.startsWith('Chicken curry')).length
    expect(await page('q=curry&size=1')).toMatchObject({ availableCount: curry, availableCountCapped: false })
  })

  it('pages newest first across the cap and into the unavailable listings', async () => {
    const all = sorted(newestFirst)
    for (const n of [1, 2, 20, 21, 22]) {
      const { ids, hasMore } = await page(`size=${SIZE}&page=${n}`)
      expect(ids).toEqual(all.slice((n - 1) * SIZE, n * SIZE))
      expect(hasMore).toBe(n * SIZE < all.length)
    }
  })

  it('pages nearest first exactly as sorted by distance, expiry and age', async () => {
    const all = sorted(nearestFirst)
    for (const n of [1, 2, 7, 21, 22]) {
      const { ids, items } = await page(`sort=distance&near=Galle&size=${SIZE}&page=${n}`)
      expect(ids).toEqual(all.slice((n - 1) * SIZE, n * SIZE))
      expect(items.map((i: { distanceKm: number }) => i.distanceKm)).toEqual(
        ids.map((id: string) => kmFromGalle(rows.find((r) => r.id === id)!.district)),
      )
    }
    const curry = sorted(nearestFirst, (r) => r.title.startsWith('Chicken curry'))
    expect((await page(`q=curry&sort=distance&near=Galle&size=${SIZE}`)).ids).toEqual(curry.slice(0, SIZE))
    expect((await page(`q=curry&sort=distance&near=Galle&size=${SIZE}&page=3`)).ids).toEqual(
      curry.slice(2 * SIZE, 3 * SIZE),
    )
  })

  it('pages nearest a point first, ring by ring, exactly as the full sort by public distance', async () => {
    const within = sorted(nearestToOrigin, (r) => r.km <= RADIUS_KM)
    expect(within.length).toBe(AVAILABLE + TAKEN - 1)
    const near = `near=${ORIGIN.lat},${ORIGIN.lng}&radiusKm=${RADIUS_KM}&sort=distance`
    expect(await page(`${near}&size=1`)).toMatchObject({
      availableCount: AVAILABLE_COUNT_CAP,
      availableCountCapped: true,
    })
    // Pages 2 and 3 end among the first ring's 2 km; page 8 and those of 50 go past it, and past the
    // cap into the unavailable listings.
    for (const [size, pages] of [
      [10, [1, 2, 3, 7, 8]],
      [50, [1, 2, 3, 7, 20, 21, 22]],
    ] as const) {
      for (const n of pages) {
        const { ids, hasMore } = await page(`${near}&size=${size}&page=${n}`)
        expect(ids, `size ${size}, page ${n}`).toEqual(within.slice((n - 1) * size, n * size))
        expect(hasMore).toBe(n * size < within.length)
      }
    }
  })

  it('keeps a listing astride a ring’s side or the radius’s in its place', async () => {
    const within = sorted(nearestToOrigin, (r) => r.km <= RADIUS_KM)
    const near = `near=${ORIGIN.lat},${ORIGIN.lng}&radiusKm=${RADIUS_KM}&sort=distance&size=1`
    // Each alone on its page and on those either side, whichever ring answers them.
    for (const i of [1, 2, 3]) {
      const at = within.indexOf(rows[i]!.id)
      for (const n of [at, at + 1, at + 2]) {
        expect((await page(`${near}&page=${n}`)).ids, `listing ${i}, page ${n}`).toEqual([within[n - 1]])
      }
    }
    // Just within the radius, its public distance rounds to 25 km; the one just beyond is left out.
    const last = await page(`${near}&availability=available&page=${AVAILABLE - 1}`)
    expect(last).toMatchObject({ ids: [rows[3]!.id], hasMore: false })
    expect(last.items[0].distanceKm).toBe(RADIUS_KM)
    expect(within).not.toContain(rows[4]!.id)
  })
})
