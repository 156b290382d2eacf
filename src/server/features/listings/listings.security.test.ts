import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { categories, listings } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

it.each([
  ['expiryDate', '0000-01-01'],
  ['expiryDate', '10000-01-01'],
  ['expiryDate', '2026-02-30'],
  ['pickupDate', '0000-01-01'],
  ['pickupDate', '2027-02-29'],
])('refuses the impossible %s %s with 400 and keeps the listing', async (field, value) => {
  const listing = await insertListing(ctx.app, ctx.donor.id)
  const [category] = await ctx.app.services.db.select().from(categories).limit(1)
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/listings/${listing.id}`,
    headers: {
      cookie: ctx.donor.cookie,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
    },
    payload: JSON.stringify({
      title: 'Edited',
      categoryId: category!.id,
      description: 'Still good',
      quantity: 5,
      type: 'free',
      allergens: [],
      pickupAddress: '12 Galle Road',
      pickupCity: 'Colombo',
      pickupDistrict: 'Colombo',
      expiryDate: sriLankaToday(),
      expiryTime: '23:59',
      deliveryRequested: false,
      imageUrls: [],
      [field]: value,
    }),
  })
  expect(res.statusCode).toBe(400)
  expect(res.json().error.fields[field].key).toBe('listings.errors.invalidDate')
  const [row] = await ctx.app.services.db.select().from(listings).where(eq(listings.id, listing.id))
  expect(row).toEqual(listing)
})

it.each(['page=0x1', 'size=0x1', 'page=1e2', 'size=%201', 'page=1&page=2'])(
  'refuses the loose number %s in the query',
  async (query) => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/listings?${query}` })).statusCode).toBe(400)
  },
)
