import { beforeAll, describe, expect, it } from 'vitest'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

const titles = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().items as { title: string }[]).map((item) => item.title).sort()
}

beforeAll(async () => {
  // Towns as donors type them, in three scripts.
  const places = [
    ['Rice packets', 'Colombo', 'Colombo'],
    ['String hoppers', 'දෙහිවල', 'Colombo'],
    ['Thosai', 'நல்லூர்', 'Jaffna'],
    ['Bread', 'Kandy', 'Kandy'],
  ] as const
  for (const [title, pickupCity, pickupDistrict] of places) {
    await insertListing(ctx.app, ctx.donor.id, { title, pickupCity, pickupDistrict })
  }
})

describe('GET /api/listings?district=', () => {
  it('finds the food of a district whatever its town was called', async () => {
    expect(await titles('district=Colombo')).toEqual(['Rice packets', 'String hoppers'])
    expect(await titles('district=Jaffna')).toEqual(['Thosai'])
  })

  it('combines with the search and refuses a district that is not one of the 25 (400)', async () => {
    expect(await titles('district=Colombo&q=hoppers')).toEqual(['String hoppers'])
    const res = await ctx.app.inject({ method: 'GET', url: '/api/listings?district=Atlantis' })
    expect(res.statusCode).toBe(400)
  })

  it('finds a town as a secondary search term, in either script', async () => {
    expect(await titles('q=Dehiwala')).toEqual(['String hoppers'])
    expect(await titles('q=nallur')).toEqual(['Thosai'])
  })
})
