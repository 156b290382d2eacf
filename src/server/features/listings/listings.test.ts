import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ALLERGENS } from '../../../shared/reference-data'
import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { claims, listings, stories } from '../../db/schema'
import { claimBody, listingBody } from '../../test/bodies'
import { categoryIds, insertListing as insertListingRow, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { createUser } from '../../test/users'
import { expireListings, orderProblem } from './service'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  otherDonor: { role: 'donor' },
  recipient: { role: 'recipient' },
})
let image: string
let otherImage: string
let categoryId: Record<string, string>

const HOUR = 3_600_000

function inHours(hours: number) {
  return sriLankaParts(new Date(Date.now() + hours * HOUR))
}

function validListing(overrides: Partial<CreateListingInput> = {}): CreateListingInput {
  return listingBody(categoryId['rice-curry']!, image, {
    allergens: ['fish'],
    preparationNotes: 'Cooked at 10:00',
    pickupPostalCode: '10350',
    ...overrides,
  })
}

const post = (body: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body as object,
    headers: cookie ? { cookie } : {},
  })

/** The listing's current version, as a donor who has just opened the edit dialog holds it. */
const versionOf = async (id: string) =>
  (
    await ctx.app.services.db.select({ version: listings.version }).from(listings).where(eq(listings.id, id))
  )[0]?.version ?? 0

/** PATCH as the edit dialog sends it; without a `version` in the body, the current one is sent. */
const patch = async (id: string, body: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/listings/${id}`,
    payload: 'version' in body ? body : { ...body, version: await versionOf(id) },
    headers: cookie ? { cookie } : {},
  })

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/listings?${query}` })

/** A listing written straight to the database (for states the API cannot create). */
const insertListing = (values: Partial<typeof listings.$inferInsert> & { title: string }) =>
  insertListingRow(ctx.app, ctx.donor.id, {
    description: 'Inserted for a test',
    quantity: 5,
    initialQuantity: 5,
    pickupAddress: '1 Main Street',
    expiresAt: new Date(Date.now() + 24 * HOUR),
    ...values,
  })

beforeAll(async () => {
  image = await uploadImage(ctx.app, ctx.donor)
  otherImage = await uploadImage(ctx.app, ctx.otherDonor)
  categoryId = await categoryIds(ctx.app)
})

describe('GET /api/categories', () => {
  it('lists the seeded categories in order', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories' })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((c: { slug: string }) => c.slug)).toEqual([
      'prepared-meals',
      'rice-curry',
      'bakery',
      'fruits-vegetables',
      'dairy',
      'beverages',
      'packaged',
      'short-eats',
    ])
  })
})

describe('POST /api/listings', () => {
  it('lets a donor post food: servings, one-hour pickup window, donor info', async () => {
    const res = await post(validListing({ pickupTimeStart: '23:30' }), ctx.donor.cookie)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      title: 'Chicken rice packets',
      quantity: 12,
      initialQuantity: 12,
      type: 'free',
      price: 0,
      status: 'available',
      available: true,
      pickupTimeStart: '23:30',
      pickupTimeEnd: '00:30',
      imageUrls: [image],
      allergens: ['fish'],
      category: { slug: 'rice-curry' },
      donor: { id: ctx.donor.id, name: 'Nimal Donor', donationCount: 1, avatarUrl: null },
    })
    expect(body.thumbnailUrls[0]).toBe(image.replace('.webp', '-thumb.webp'))
    const one = await ctx.app.inject({ method: 'GET', url: `/api/listings/${body.id}` })
    expect(one.json().id).toBe(body.id)
  })

  it('takes the nine allergens of the Safety page and refuses the old "nuts"', async () => {
    const all = await post(validListing({ allergens: [...ALLERGENS] }), ctx.donor.cookie)
    // All nine come back in the Safety page's order, peanuts and tree nuts apart.
    expect(all.json().allergens).toEqual([...ALLERGENS])
    expect(all.json().allergens).toHaveLength(9)
    expect(all.json().allergens).toEqual(expect.arrayContaining(['tree_nuts', 'peanuts']))
    const nuts = await post(validListing({ allergens: ['nuts' as never] }), ctx.donor.cookie)
    expect(nuts.statusCode).toBe(400)
    expect(nuts.json().error.message).toBe('Please choose allergens from the list.')
  })

  it('ignores a price sent with free food and keeps the half-price price', async () => {
    const free = await post(validListing({ price: 300 }), ctx.donor.cookie)
    expect(free.json().price).toBe(0)
    const half = await post(validListing({ type: 'half-price', price: 150 }), ctx.donor.cookie)
    expect(half.json()).toMatchObject({ type: 'half-price', price: 150 })
  })

  it('refuses signed-out visitors (401) and non-donors (403), even with a bad body', async () => {
    expect((await post(validListing())).statusCode).toBe(401)
    expect((await post(validListing(), ctx.recipient.cookie)).statusCode).toBe(403)
    const volunteer = await createUser(ctx.app, { role: 'volunteer' })
    expect((await post({}, volunteer.cookie)).statusCode).toBe(403)
  })

  it.each([
    ['title', { title: '  ' }, 'Food title is required.'],
    ['categoryId', { categoryId: '' }, 'Category is required.'],
    ['description', { description: '' }, 'Description is required.'],
    ['quantity', { quantity: undefined }, 'Quantity/Servings is required.'],
    ['quantity', { quantity: 0 }, 'Quantity/Servings is required.'],
    ['quantity', { quantity: 2.5 }, 'Please enter a whole number of servings.'],
    ['price', { type: 'half-price', price: undefined }, 'Price is required and must be greater than 0.'],
    ['price', { type: 'half-price', price: 0 }, 'Price is required and must be greater than 0.'],
    ['imageUrls', { imageUrls: [] }, 'At least one image is required.'],
    ['pickupAddress', { pickupAddress: '' }, 'Pickup address is required.'],
    ['pickupCity', { pickupCity: '' }, 'City is required.'],
    ['pickupDistrict', { pickupDistrict: 'Atlantis' }, 'District is required.'],
    ['expiryDate', { expiryDate: '' }, 'Expiry date is required.'],
    ['expiryTime', { expiryTime: '' }, 'Expiry time is required.'],
    [
      'safetyChecklist.hygieneStandards',
      {
        safetyChecklist: {
          freshness: true,
          properStorage: true,
          hygieneStandards: false,
          labelingComplete: true,
        },
      },
      'All safety checklist items must be checked.',
    ],
    ['allergens.0', { allergens: ['chocolate'] }, 'Please choose allergens from the list.'],
  ] as const)('refuses a bad %s with its message', async (field, overrides, message) => {
    const res = await post(validListing(overrides as Partial<CreateListingInput>), ctx.donor.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
  })

  it('refuses a pickup window that has already ended in Sri Lanka, and takes one starting now', async () => {
    // 18:00 at 19:10: the hour from 18:00 is over.
    const over = inHours(-70 / 60)
    const late = await post(
      validListing({ pickupDate: over.date, pickupTimeStart: over.time }),
      ctx.donor.cookie,
    )
    expect(late.statusCode).toBe(400)
    expect(late.json().error.fields.pickupTimeStart.message).toBe(
      'This pickup time is already over. Please choose a later time.',
    )
    // (The minutes just past are covered by src/shared/pickup-time.test.ts: near midnight they are yesterday.)
    const running = inHours(0)
    const ok = await post(
      validListing({ pickupDate: running.date, pickupTimeStart: running.time }),
      ctx.donor.cookie,
    )
    expect(ok.statusCode).toBe(201)
  })

  it('refuses an expiry in the past', async () => {
    const past = inHours(-1)
    const res = await post(validListing({ expiryDate: past.date, expiryTime: past.time }), ctx.donor.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.expiryTime.message).toBe('The expiry time must be in the future.')
  })

  it('takes at most 3 images, all uploaded by the donor', async () => {
    const four = [
      image,
      await uploadImage(ctx.app, ctx.donor),
      await uploadImage(ctx.app, ctx.donor),
      await uploadImage(ctx.app, ctx.donor),
    ]
    const tooMany = await post(validListing({ imageUrls: four }), ctx.donor.cookie)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.fields.imageUrls.message).toBe('You can add up to 3 images.')

    expect((await post(validListing({ imageUrls: four.slice(0, 3) }), ctx.donor.cookie)).statusCode).toBe(201)

    const borrowed = await post(validListing({ imageUrls: [otherImage] }), ctx.donor.cookie)
    expect(borrowed.statusCode).toBe(400)
    expect(borrowed.json().error.key).toBe('uploads.errors.notYours')

    const outside = await post(validListing({ imageUrls: ['https://example.com/a.webp'] }), ctx.donor.cookie)
    expect(outside.statusCode).toBe(400)
  })

  it('refuses a category that does not exist', async () => {
    const res = await post(
      validListing({ categoryId: '00000000-0000-4000-8000-000000000000' }),
      ctx.donor.cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Category is required.')
  })
})

describe('GET /api/listings/:id', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/listings/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('This food listing no longer exists.')
    }
  })
})

describe('PATCH /api/listings/:id', () => {
  const editBody = (overrides: Record<string, unknown> = {}) => {
    const { safetyChecklist: _, ...rest } = validListing()
    return { ...rest, title: 'Edited rice packets', quantity: 7, ...overrides }
  }

  it('lets the donor edit every field; others get 403, visitors 401', async () => {
    const id = (await post(validListing(), ctx.donor.cookie)).json().id
    expect((await patch(id, editBody())).json().error.message).toBe('Please sign in to edit listings.')
    expect((await patch(id, editBody(), ctx.otherDonor.cookie)).statusCode).toBe(403)
    expect((await patch(id, editBody(), ctx.recipient.cookie)).statusCode).toBe(403)
    expect((await patch(id, {}, ctx.otherDonor.cookie)).statusCode).toBe(403)

    const res = await patch(
      id,
      editBody({ type: 'half-price', price: 90, pickupTimeStart: '10:00' }),
      ctx.donor.cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      title: 'Edited rice packets',
      quantity: 7,
      type: 'half-price',
      price: 90,
      pickupTimeEnd: '11:00',
    })
    expect(
      (await patch('00000000-0000-4000-8000-000000000000', editBody(), ctx.donor.cookie)).statusCode,
    ).toBe(404)
  })

  it('uses the edit dialog messages', async () => {
    const id = (await post(validListing(), ctx.donor.cookie)).json().id
    for (const overrides of [
      { title: '' },
      { description: '' },
      { quantity: undefined },
      { pickupAddress: '' },
      { pickupCity: '' },
      { pickupDistrict: '' },
    ]) {
      const res = await patch(id, editBody(overrides), ctx.donor.cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('Please fill in all required fields.')
    }
    const noPrice = await patch(id, editBody({ type: 'half-price', price: 0 }), ctx.donor.cookie)
    expect(noPrice.json().error.message).toBe('Please set a price for half-price items.')
  })

  it('keeps up to 3 images: existing ones removable, new ones must be the donor’s', async () => {
    const second = await uploadImage(ctx.app, ctx.donor)
    const id = (await post(validListing({ imageUrls: [image, second] }), ctx.donor.cookie)).json().id
    const removed = await patch(id, editBody({ imageUrls: [second] }), ctx.donor.cookie)
    expect(removed.json().imageUrls).toEqual([second])
    const third = await uploadImage(ctx.app, ctx.donor)
    const fourth = await uploadImage(ctx.app, ctx.donor)
    const tooMany = await patch(id, editBody({ imageUrls: [image, second, third, fourth] }), ctx.donor.cookie)
    expect(tooMany.json().error.message).toBe('You can add up to 3 images.')
    const borrowed = await patch(id, editBody({ imageUrls: [second, otherImage] }), ctx.donor.cookie)
    expect(borrowed.json().error.key).toBe('uploads.errors.notYours')
  })

  it('sets available when servings remain, otherwise keeps the status', async () => {
    const claimed = await insertListing({
      title: 'Claimed one',
      quantity: 0,
      initialQuantity: 10,
      status: 'claimed',
    })
    const kept = await patch(claimed.id, editBody({ quantity: 0 }), ctx.donor.cookie)
    expect(kept.json()).toMatchObject({ status: 'claimed', available: false, quantity: 0 })
    const reopened = await patch(claimed.id, editBody({ quantity: 4 }), ctx.donor.cookie)
    expect(reopened.json()).toMatchObject({ status: 'available', available: true, quantity: 4 })
    // The 10 reserved portions stay counted.
    expect(reopened.json().initialQuantity).toBe(14)
  })

  const claimOne = (listingId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listingId}/claims`,
      payload: claimBody(),
      headers: { cookie: ctx.recipient.cookie },
    })

  it('refuses an edit based on a version the listing no longer has (409) and changes nothing', async () => {
    const id = (await post(validListing({ quantity: 10 }), ctx.donor.cookie)).json().id
    const opened = await versionOf(id)
    expect((await claimOne(id)).statusCode).toBe(201)
    const before = (await ctx.app.services.db.select().from(listings).where(eq(listings.id, id)))[0]!
    expect(before.version).toBeGreaterThan(opened)

    const stale = await patch(
      id,
      editBody({ title: 'Old figures', quantity: 10, version: opened }),
      ctx.donor.cookie,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toMatchObject({
      key: 'listings.errors.changedMeanwhile',
      message: 'This listing changed while you were editing it. Check the latest figures and save again.',
    })
    const after = (await ctx.app.services.db.select().from(listings).where(eq(listings.id, id)))[0]!
    expect(after).toEqual(before)

    const missing = await patch(id, { ...editBody(), version: undefined }, ctx.donor.cookie)
    expect(missing.statusCode).toBe(400)
    const fresh = await patch(id, editBody({ quantity: 9, version: before.version }), ctx.donor.cookie)
    expect(fresh.json()).toMatchObject({ quantity: 9, initialQuantity: 10, version: before.version + 1 })
  })

  it('never offers more than the initial servings when claims land during an edit', async () => {
    const id = (await post(validListing({ quantity: 40 }), ctx.donor.cookie)).json().id
    const opened = await versionOf(id)
    // 30 claims arrive while the donor edits; the donor saves the figure they saw (40) once the
    // first 5 are through and the others are still coming.
    let settled = 0
    let fiveThrough = () => {}
    const five = new Promise<void>((resolve) => {
      fiveThrough = resolve
    })
    const answers = Array.from({ length: 30 }, () =>
      claimOne(id).then((res) => {
        settled += 1
        if (settled === 5) fiveThrough()
        return res
      }),
    )
    await five
    const edit = await patch(id, editBody({ quantity: 40, version: opened }), ctx.donor.cookie)
    expect(edit.statusCode).toBe(409)
    expect((await Promise.all(answers)).every((a) => a.statusCode === 201)).toBe(true)
    const row = (await ctx.app.services.db.select().from(listings).where(eq(listings.id, id)))[0]!
    const taken = (await ctx.app.services.db.select().from(claims).where(eq(claims.listingId, id))).reduce(
      (sum, c) => sum + c.quantity,
      0,
    )
    expect(taken).toBe(30)
    expect(row.initialQuantity).toBe(40)
    expect(row.quantity + taken).toBe(40)
  })

  it('moves the version on reservations and returns, so an edit always sees them', async () => {
    const id = (await post(validListing({ quantity: 5 }), ctx.donor.cookie)).json().id
    const v0 = await versionOf(id)
    const claimId = (await claimOne(id)).json().id
    const v1 = await versionOf(id)
    expect(v1).toBeGreaterThan(v0)
    await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${claimId}/cancel`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(await versionOf(id)).toBeGreaterThan(v1)
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/listings/${id}` })
    expect(shown.json().version).toBe(await versionOf(id))
  })
})

describe('GET /api/listings: search, filters, sort, paging', () => {
  let ids: Record<string, string>
  beforeAll(async () => {
    await ctx.app.services.db.delete(listings)
    const rows = await Promise.all([
      insertListing({
        title: 'Fresh Bread Loaves',
        categoryId: categoryId.bakery,
        pickupCity: 'Galle',
        pickupDistrict: 'Galle',
        expiresAt: new Date(Date.now() + 30 * HOUR),
        createdAt: new Date(Date.now() - 5 * HOUR),
      }),
      insertListing({
        title: 'Vegetable kottu',
        description: 'Made with FRESH leeks',
        categoryId: categoryId['prepared-meals'],
        type: 'half-price',
        price: 150,
        pickupCity: 'Kandy',
        pickupDistrict: 'Kandy',
        expiresAt: new Date(Date.now() + 3 * HOUR),
        createdAt: new Date(Date.now() - 4 * HOUR),
      }),
      insertListing({
        title: 'Rice and dhal',
        categoryId: categoryId['rice-curry'],
        pickupCity: 'Dehiwala',
        pickupDistrict: 'Colombo',
        expiresAt: new Date(Date.now() + 10 * HOUR),
        createdAt: new Date(Date.now() - 3 * HOUR),
      }),
      insertListing({
        title: 'Crab curry',
        categoryId: categoryId['prepared-meals'],
        type: 'half-price',
        price: 200,
        pickupCity: 'Jaffna',
        pickupDistrict: 'Jaffna',
        expiresAt: new Date(Date.now() + 8 * HOUR),
        createdAt: new Date(Date.now() - 2 * HOUR),
      }),
      insertListing({
        title: 'Claimed fresh buns',
        categoryId: categoryId.bakery,
        quantity: 0,
        initialQuantity: 5,
        status: 'claimed',
        pickupCity: 'Galle',
        pickupDistrict: 'Galle',
        createdAt: new Date(Date.now() - 1 * HOUR),
      }),
      insertListing({
        title: 'Old milk rice 100%_off',
        categoryId: null,
        pickupCity: 'Colombo',
        pickupDistrict: 'Colombo',
        expiresAt: new Date(Date.now() - HOUR),
        createdAt: new Date(),
      }),
    ])
    ids = Object.fromEntries(rows.map((r) => [r.title, r.id]))
  })
  const titles = (res: { json(): { items: { title: string }[] } }) => res.json().items.map((i) => i.title)

  it('sorts newest first with unavailable listings last', async () => {
    const res = await list('')
    expect(res.statusCode).toBe(200)
    expect(titles(res)).toEqual([
      'Crab curry',
      'Rice and dhal',
      'Vegetable kottu',
      'Fresh Bread Loaves',
      'Old milk rice 100%_off',
      'Claimed fresh buns',
    ])
    expect(res.json()).toMatchObject({ availableCount: 4, page: 1, hasMore: false })
    const items = res.json().items
    expect(items.at(-1).available).toBe(false)
    expect(items.at(-2)).toMatchObject({ available: false, status: 'available', category: null })
  })

  it('searches title and description, case-insensitively, taking % and _ literally', async () => {
    // What was meant first (a title starting with it before a description holding it), taken food last.
    expect(titles(await list('q=FRESH'))).toEqual([
      'Fresh Bread Loaves',
      'Vegetable kottu',
      'Claimed fresh buns',
    ])
    expect(titles(await list('q=100%25_'))).toEqual(['Old milk rice 100%_off'])
    expect(titles(await list('q=%25'))).toEqual(['Old milk rice 100%_off'])
    expect((await list('q=nothing-like-this')).json()).toMatchObject({ items: [], availableCount: 0 })
  })

  it('filters by category, type, city and availability', async () => {
    expect(titles(await list('category=bakery'))).toEqual(['Fresh Bread Loaves', 'Claimed fresh buns'])
    expect(titles(await list('category=uncategorized'))).toEqual(['Old milk rice 100%_off'])
    expect(titles(await list('type=half-price'))).toEqual(['Crab curry', 'Vegetable kottu'])
    expect(titles(await list('city=Galle&type=free'))).toEqual(['Fresh Bread Loaves', 'Claimed fresh buns'])
    expect(titles(await list('availability=available'))).toEqual([
      'Crab curry',
      'Rice and dhal',
      'Vegetable kottu',
      'Fresh Bread Loaves',
    ])
    expect(titles(await list('q=fresh&category=bakery&availability=available'))).toEqual([
      'Fresh Bread Loaves',
    ])
  })

  it('sorts by expiry, by type, and by distance from a district', async () => {
    expect(titles(await list('sort=expiry&availability=available'))).toEqual([
      'Vegetable kottu',
      'Crab curry',
      'Rice and dhal',
      'Fresh Bread Loaves',
    ])
    expect(titles(await list('sort=type&availability=available'))).toEqual([
      'Rice and dhal',
      'Fresh Bread Loaves',
      'Vegetable kottu',
      'Crab curry',
    ])
    const near = await list('sort=distance&near=Galle')
    expect(titles(near)).toEqual([
      'Fresh Bread Loaves',
      'Rice and dhal',
      'Vegetable kottu',
      'Crab curry',
      'Claimed fresh buns',
      'Old milk rice 100%_off',
    ])
    const km = near.json().items.map((i: { distanceKm: number }) => i.distanceKm)
    expect(km[0]).toBe(0)
    expect(km[1]).toBeGreaterThan(90)
    expect(km[1]).toBeLessThan(km[2])
  })

  it('pages with a capped size', async () => {
    const first = await list('size=4')
    expect(first.json()).toMatchObject({ availableCount: 4, size: 4, hasMore: true })
    const second = await list('size=4&page=2')
    expect(second.json()).toMatchObject({ hasMore: false })
    expect(titles(second)).toEqual(['Old milk rice 100%_off', 'Claimed fresh buns'])
    // Pages cut across the available / unavailable boundary and beyond it.
    expect(titles(await list('size=3&page=2'))).toEqual([
      'Fresh Bread Loaves',
      'Old milk rice 100%_off',
      'Claimed fresh buns',
    ])
    expect(titles(await list('size=2&page=3'))).toEqual(['Old milk rice 100%_off', 'Claimed fresh buns'])
    expect((await list('size=2&page=4')).json()).toMatchObject({ items: [], hasMore: false })
    expect((await list('size=2&page=2&availability=available')).json()).toMatchObject({ hasMore: false })
    expect((await list('size=51')).statusCode).toBe(400)
    expect((await list('sort=random')).statusCode).toBe(400)
    expect((await list('near=Atlantis')).statusCode).toBe(400)
  })

  it('lists the distinct cities, sorted', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/listings/cities' })
    expect(res.json()).toEqual({ cities: ['Colombo', 'Dehiwala', 'Galle', 'Jaffna', 'Kandy'] })
  })

  it('the expiry sweep marks available listings past expiry as expired, and they cannot be ordered', async () => {
    const [before] = await ctx.app.services.db
      .select()
      .from(listings)
      .where(eq(listings.id, ids['Old milk rice 100%_off']!))
    expect(before!.status).toBe('available')
    expect(orderProblem(before!)).toBe('listings.errors.expired')

    expect(await ctx.app.services.expirySweep.runNow()).toBe(1)
    const [after] = await ctx.app.services.db.select().from(listings).where(eq(listings.id, before!.id))
    expect(after!.status).toBe('expired')
    expect(await expireListings(ctx.app.services.db)).toBe(0)

    const [fresh] = await ctx.app.services.db
      .select()
      .from(listings)
      .where(eq(listings.id, ids['Rice and dhal']!))
    expect(orderProblem(fresh!)).toBeNull()
    const [claimed] = await ctx.app.services.db
      .select()
      .from(listings)
      .where(eq(listings.id, ids['Claimed fresh buns']!))
    expect(orderProblem(claimed!)).toBe('listings.errors.notAvailable')
  })
})

describe('GET /api/home', () => {
  it('computes the impact cards from real orders, with trends, 3 available listings and 2 stories', async () => {
    const db = ctx.app.services.db
    const listing = await insertListing({ title: 'For the home page', quantity: 1, initialQuantity: 100 })
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * HOUR)
    await db.insert(claims).values([
      {
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 30,
        pickupAt: daysAgo(1),
        status: 'completed',
        createdAt: daysAgo(2),
        completedAt: daysAgo(2),
      },
      {
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 30,
        pickupAt: daysAgo(1),
        status: 'completed',
        createdAt: daysAgo(3),
        completedAt: daysAgo(3),
      },
      {
        // Approved, not collected: not a meal shared (docs/decisions/0048-outcomes-not-offers.md).
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 12,
        pickupAt: daysAgo(1),
        status: 'confirmed',
        createdAt: daysAgo(3),
      },
      {
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 40,
        pickupAt: daysAgo(40),
        status: 'completed',
        createdAt: daysAgo(40),
        completedAt: daysAgo(40),
      },
      {
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 9,
        pickupAt: daysAgo(1),
        status: 'pending',
        createdAt: daysAgo(1),
      },
      {
        listingId: listing.id,
        claimantId: ctx.recipient.id,
        quantity: 9,
        pickupAt: daysAgo(1),
        status: 'cancelled',
        createdAt: daysAgo(1),
      },
    ])
    for (let i = 0; i < 3; i += 1) {
      await db.insert(stories).values({
        authorId: ctx.recipient.id,
        title: `Story ${i}`,
        body: 'Thank you',
        category: 'success',
        createdAt: daysAgo(10 - i),
      })
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/home' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.impact).toEqual({
      mealsShared: { value: 100, trendPercent: 50 },
      activeUsers: { value: expect.any(Number), trendPercent: expect.anything() },
      foodWasteSavedKg: { value: 30, trendPercent: 50 },
      co2ReducedKg: { value: 50, trendPercent: 50 },
    })
    expect(body.impact.activeUsers.value).toBeGreaterThanOrEqual(2)
    expect(body.listings).toHaveLength(3)
    expect(body.listings.every((l: { available: boolean }) => l.available)).toBe(true)
    expect(body.listings[0].donor).toMatchObject({ name: 'Nimal Donor', joinedAt: expect.any(String) })
    expect(body.listings[0].donor.donationCount).toBeGreaterThan(1)
    expect(body.stories.map((s: { title: string }) => s.title)).toEqual(['Story 2', 'Story 1'])
  })
})
