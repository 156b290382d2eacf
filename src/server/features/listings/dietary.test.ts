import { beforeAll, describe, expect, it } from 'vitest'
import { DIETS, type Diet, type DietaryTag, suitsDiets } from '../../../shared/dietary'
import { listingBody } from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' } })
const HOUR = 3_600_000

/** Titles and tags, as donors would tag them. */
const FOODS: [string, DietaryTag[], { type?: 'half-price'; city?: string }?][] = [
  ['Pol roti with lunu miris', ['vegetarian', 'vegan', 'halal']],
  ['Egg hoppers', ['vegetarian', 'contains-egg']],
  ['Beef curry', ['halal', 'contains-beef'], { type: 'half-price' }],
  ['Pork black curry', ['contains-pork']],
  ['Fish ambul thiyal', ['halal', 'contains-fish'], { city: 'Galle' }],
  ['Chicken kottu (tags not given)', []],
]

let image: string
let riceCurry: string
beforeAll(async () => {
  image = await uploadImage(ctx.app, ctx.donor)
  riceCurry = (await categoryIds(ctx.app))['rice-curry']!
  for (const [title, dietary, extra] of FOODS) {
    await insertListing(ctx.app, ctx.donor.id, {
      title,
      dietary,
      expiresAt: new Date(Date.now() + 10 * HOUR),
      ...(extra?.type ? { type: 'half-price', price: 200 } : {}),
      ...(extra?.city ? { pickupCity: extra.city, pickupDistrict: 'Galle' } : {}),
    })
  }
})

const titles = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().items as { title: string }[]).map((item) => item.title).sort()
}
const expected = (diets: Diet[], only: (extra: (typeof FOODS)[number][2]) => boolean = () => true) =>
  FOODS.filter(([, tags, extra]) => suitsDiets(tags, diets) && only(extra))
    .map(([title]) => title)
    .sort()

describe('GET /api/listings?diet=', () => {
  it.each(DIETS)('finds the food that suits %s', async (diet) => {
    const found = await titles(`diet=${diet}`)
    expect(found).toEqual(expected([diet]))
    expect(found.length).toBeGreaterThan(0)
  })

  it('combines diets: each one asked must suit', async () => {
    expect(await titles('diet=halal&diet=no-beef')).toEqual(['Fish ambul thiyal', 'Pol roti with lunu miris'])
    expect(await titles('diet=no-beef&diet=no-pork')).toEqual(expected(['no-beef', 'no-pork']))
    expect(await titles('diet=vegan&diet=halal')).toEqual(['Pol roti with lunu miris'])
  })

  it('combines with the other filters', async () => {
    expect(await titles('diet=halal&type=half-price')).toEqual(['Beef curry'])
    expect(await titles('diet=no-pork&city=Galle')).toEqual(['Fish ambul thiyal'])
  })

  it('refuses a diet it does not know (400)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/listings?diet=kosher' })
    expect(res.statusCode).toBe(400)
  })
})

describe('dietary tags on POST /api/listings', () => {
  const post = (dietary: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: ctx.donor.cookie },
      payload: { ...listingBody(riceCurry, image), dietary },
    })

  it('stores vegan food as vegetarian too', async () => {
    const res = await post(['vegan', 'halal'])
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().dietary).toEqual(['vegetarian', 'vegan', 'halal'])
  })

  it('refuses tags that contradict each other, by the field', async () => {
    const meat = await post(['vegetarian', 'contains-fish'])
    expect(meat.statusCode).toBe(400)
    expect(meat.json().error.fields.dietary).toEqual({
      key: 'listings.errors.vegetarianWithMeat',
      message: 'Vegetarian food cannot contain meat or fish.',
    })
    const egg = await post(['vegan', 'contains-egg'])
    expect(egg.json().error.fields.dietary.key).toBe('listings.errors.veganWithEgg')
    expect((await post(['kosher'])).statusCode).toBe(400)
  })
})

describe('the usual diet in the profile', () => {
  it('is saved with PATCH /api/me, in the list’s order, and refused when unknown', async () => {
    const patch = (diet: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: ctx.donor.cookie },
        payload: { diet },
      })
    const saved = await patch(['no-pork', 'halal'])
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().diet).toEqual(['halal', 'no-pork'])
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ctx.donor.cookie } })
    expect(me.json().diet).toEqual(['halal', 'no-pork'])
    const refused = await patch(['kosher'])
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields['diet.0'].key).toBe('errors.invalid')
  })
})
