import { describe, expect, it } from 'vitest'
import { sriLankaLastPlannableDate, sriLankaParts, sriLankaToday } from '../../shared/sri-lanka-time'
import { claimBody, deliveryBody, eventBody, foodRequestBody, listingBody } from '../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: {}, organiser: { role: 'volunteer' } })

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const yesterday = () =>
  new Date(Date.parse(`${sriLankaToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

/** Every date a form takes is from today to a year ahead (docs/decisions/0045-hardening-after-outside-test.md). */
describe('dates outside today … a year ahead', () => {
  const post = (cookie: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } })

  it.each([
    ['a pickup date of year 1000', { pickupDate: '1000-01-01' }, 'pickupDate'],
    ['yesterday’s pickup date', { pickupDate: yesterday() }, 'pickupDate'],
    ['a pickup date past a year', { pickupDate: dayAfter(sriLankaLastPlannableDate()) }, 'pickupDate'],
    ['an expiry in year 9999', { expiryDate: '9999-12-31' }, 'expiryDate'],
  ])('a listing with %s is 400, by the field', async (_, change, field) => {
    const { 'prepared-meals': categoryId } = await categoryIds(ctx.app)
    const photo = await uploadImage(ctx.app, ctx.donor)
    const res = await post(ctx.donor.cookie, '/api/listings', listingBody(categoryId!, photo, change))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields[field].key).toBe('errors.dateOutOfRange')
    expect(res.json().error.fields[field].message).toBe(
      'Please choose a date between today and one year from now.',
    )
  })

  it('an edit moving the pickup to year 1000 is 400', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: ctx.donor.cookie },
      payload: { pickupDate: '1000-01-01', version: listing.version },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields.pickupDate.key).toBe('errors.dateOutOfRange')
  })

  it.each([
    ['claim', 'claims', claimBody, 'pickupDate'],
    ['food request', 'food-requests', foodRequestBody, 'pickupDate'],
    ['delivery request', 'deliveries', deliveryBody, 'deliveryDate'],
  ] as const)('a %s more than a year ahead is 400', async (_, path, body, field) => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      ...(path === 'food-requests' ? { type: 'half-price', price: 100 } : {}),
      expiresAt: new Date(Date.now() + 3 * 365 * 86_400_000),
    })
    const res = await post(
      ctx.recipient.cookie,
      `/api/listings/${listing.id}/${path}`,
      body({ [field]: dayAfter(sriLankaLastPlannableDate()) }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields[field].key).toBe('errors.dateOutOfRange')
  })

  it('an event more than a year ahead is 400; a year ahead is fine', async () => {
    const far = await post(
      ctx.organiser.cookie,
      '/api/events',
      eventBody({ startsAt: `${dayAfter(sriLankaLastPlannableDate())}T10:00` }),
    )
    expect(far.statusCode, far.body).toBe(400)
    expect(far.json().error.fields.startsAt.key).toBe('errors.dateOutOfRange')
    const inAYear = sriLankaParts(new Date(Date.now() + 360 * 86_400_000))
    const near = await post(
      ctx.organiser.cookie,
      '/api/events',
      eventBody({ startsAt: `${inAYear.date}T10:00` }),
    )
    expect(near.statusCode, near.body).toBe(201)
  })
})
