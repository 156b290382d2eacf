import { beforeAll, describe, expect, it } from 'vitest'
import { DISTRICTS, findDistrict } from '../../../shared/districts'
import { distanceKm } from '../../../shared/geo'
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

type Row = {
  id: string
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
})
