import { expect, it } from 'vitest'
import { claims, foodRequests } from '../../db/schema'
import { soonPickup } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: { role: 'recipient' } })

const headers = () => ({
  cookie: ctx.recipient.cookie,
  'content-type': 'application/json',
  origin: 'http://localhost:3000',
})
const pickup = () => ({ ...soonPickup(), phone: '0771234567' })

// Each of these used to be read as the number 1 or 2 and created an order.
it.each([true, [1], ['2'], '0x1', '1', '1e0', 1.5, null])(
  'refuses the quantity %j with 400 and creates no claim or request',
  async (quantity) => {
    const free = await insertListing(ctx.app, ctx.donor.id)
    const halfPrice = await insertListing(ctx.app, ctx.donor.id, { type: 'half-price', price: 100 })
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${free.id}/claims`,
      headers: headers(),
      payload: JSON.stringify({ quantity, ...pickup(), contactMethod: 'phone' }),
    })
    const request = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${halfPrice.id}/food-requests`,
      headers: headers(),
      payload: JSON.stringify({ quantity, ...pickup(), paymentMethod: 'cash' }),
    })
    for (const res of [claim, request]) {
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.quantity.key).toBe('orders.errors.invalidQuantity')
    }
    expect(await ctx.app.services.db.$count(claims)).toBe(0)
    expect(await ctx.app.services.db.$count(foodRequests)).toBe(0)
  },
)

it.each(['0x1', '1e1', ' 1', '', '-1', '99999999999'])('refuses page=%j on the order lists', async (page) => {
  const res = await ctx.app.request('GET', `/api/claims?page=${encodeURIComponent(page)}`, ctx.recipient)
  expect(res.statusCode).toBe(400)
})

it('reads a plain page number', async () => {
  const res = await ctx.app.request('GET', '/api/claims?page=2&size=5', ctx.recipient)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toMatchObject({ page: 2, size: 5 })
})
