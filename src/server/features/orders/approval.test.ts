/**
 * What an approved requester gets: the pickup address, window and the donor's contact on their
 * order rows and in the notification's record, the approval e-mail in their language, and the order
 * summary (GET /api/orders/:id) that only they and the donor may open. The donor sees who ordered
 * and how to reach them.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { orderNumber } from '../../../shared/pickup'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { listings, mailOutbox, notifications } from '../../db/schema'
import { claimBody, foodRequestBody, listingBody, pickupFor } from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Perera' },
  recipient: { role: 'recipient', name: 'Saman Kumara', phone: '0765550101' },
  other: { role: 'recipient' },
  volunteer: { role: 'volunteer' },
})

/** A pickup day a month ahead: within the year ahead that forms take. */
const DAY = sriLankaToday(new Date(Date.now() + 30 * 86_400_000))
const NEXT_DAY = sriLankaToday(new Date(Date.now() + 31 * 86_400_000))

const PICKUP = {
  pickupAddress: '21 Temple Road',
  pickupCity: 'Kandy',
  pickupDistrict: 'Kandy',
  pickupPostalCode: '20000',
  pickupDate: DAY,
  pickupTimeStart: '17:00',
  pickupTimeEnd: '18:00',
  contactPhone: '0812345678',
  contactEmail: 'nimal.kitchen@test.ahara.lk',
  // After the window: the pickup rule accepts only times inside it, before expiry.
  expiresAt: new Date(`${NEXT_DAY}T00:00:00+05:30`),
}

const get = (url: string, user: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })
const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } })

/** The recipient's request for `listing`'s food at its first pickup time; answers the request's id. */
const requestFood = async (listing: Parameters<typeof pickupFor>[0] & { id: string }) =>
  (
    await post(
      `/api/listings/${listing.id}/food-requests`,
      ctx.recipient,
      foodRequestBody(pickupFor(listing)),
    )
  ).json().id as string

async function approvedClaim(overrides: Partial<typeof PICKUP> = {}) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Kiribath', ...PICKUP, ...overrides })
  const pickup = pickupFor(listing)
  const id = (
    await post(`/api/listings/${listing.id}/claims`, ctx.recipient, claimBody({ quantity: 2, ...pickup }))
  ).json().id as string
  return { listing, id, pickup, approve: () => post(`/api/claims/${id}/approve`, ctx.donor) }
}

/** The approval mail of order `id` (each test's own: earlier tests mailed the same requester). */
async function mailOf(email: string, id: string) {
  return vi.waitFor(async () => {
    const rows = await ctx.app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    const row = rows.find((r) => r.text.includes(`/orders/${id}`))
    expect(row).toBeDefined()
    return row!
  })
}

describe('the requester’s order rows', () => {
  it('carry the area only while pending, then the address, window and donor contact', async () => {
    const { id, approve } = await approvedClaim()
    const row = async () =>
      (await get('/api/claims?as=requester&size=50', ctx.recipient))
        .json()
        .items.find((o: { id: string }) => o.id === id)
    expect((await row()).listing).toMatchObject({
      pickupAddress: null,
      pickupPostalCode: null,
      contactPhone: null,
      contactEmail: null,
      pickupCity: 'Kandy',
      pickupDistrict: 'Kandy',
    })
    expect((await approve()).statusCode).toBe(200)
    const { expiresAt: _, ...shown } = PICKUP
    expect((await row()).listing).toMatchObject({ ...shown, donorName: 'Nimal Perera' })
  })

  it('a half-price request: the same once accepted', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { type: 'half-price', price: 120, ...PICKUP })
    const id = await requestFood(listing)
    await post(`/api/food-requests/${id}/approve`, ctx.donor)
    const row = (await get('/api/food-requests?as=requester&size=50', ctx.recipient))
      .json()
      .items.find((o: { id: string }) => o.id === id)
    expect(row.listing).toMatchObject({ pickupAddress: '21 Temple Road', contactPhone: '0812345678' })
  })

  it('the donor’s rows name the requester and how to reach them', async () => {
    const { id } = await approvedClaim()
    const row = (await get('/api/claims?as=donor&size=50', ctx.donor))
      .json()
      .items.find((o: { id: string }) => o.id === id)
    expect(row.requester).toEqual({
      id: ctx.recipient.id,
      name: 'Saman Kumara',
      email: ctx.recipient.email,
      phone: '+94765550101',
      // A person, not a verified organisation (docs/decisions/0054-organisations-and-their-limits.md).
      organisation: null,
      // Not proved by an SMS code: no "verified number" beside it.
      phoneVerified: false,
    })
  })
})

describe('the "Claim Approved!" notification', () => {
  it('links to the order, which tells the requester where, when and whom to call', async () => {
    const { id, approve } = await approvedClaim()
    await approve()
    const list = (await get('/api/notifications', ctx.recipient)).json()
    const note = list.items.find((n: { relatedId: string }) => n.relatedId === id)
    expect(note).toMatchObject({ type: 'claim_approved', title: 'Claim Approved!' })
    // The dialog reads the linked record: the requester's order with every pickup detail.
    const record = (await get(`/api/claims/${note.relatedId}`, ctx.recipient)).json()
    const { pickupCity: _city, pickupDistrict: _district, expiresAt: _expiry, ...pickup } = PICKUP
    expect(record.listing).toMatchObject(pickup)
    // The stored notification keeps no address: it is read live from the order.
    const [stored] = await ctx.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, note.id))
    expect(JSON.stringify(stored)).not.toContain('Temple Road')
  })
})

describe('the approval e-mail', () => {
  it.each([
    [
      'en',
      'Approved',
      [
        'Pick up at: 21 Temple Road, Kandy, Kandy, 20000',
        `When: ${DAY}, 17:00 to 18:00`,
        'Phone: 0812345678',
        'E-mail: nimal.kitchen@test.ahara.lk',
        '2 serving(s) of "Kiribath"',
      ],
    ],
    [
      'si',
      'අනුමතයි',
      [
        'ලබාගත යුතු ස්ථානය: 21 Temple Road, Kandy, මහනුවර, 20000',
        `${DAY}, 17:00 සිට 18:00 දක්වා`,
        'දුරකථනය: 0812345678',
        'කොටස් 2ක්',
      ],
    ],
    [
      'ta',
      'அங்கீகரிக்கப்பட்டது',
      [
        'பெற்றுக்கொள்ளும் இடம்: 21 Temple Road, Kandy, கண்டி, 20000',
        `${DAY}, 17:00 முதல் 18:00 வரை`,
        'தொலைபேசி: 0812345678',
        'மின்னஞ்சல்: nimal.kitchen@test.ahara.lk',
      ],
    ],
  ] as const)('arrives in the requester’s language (%s)', async (language, subject, lines) => {
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/me',
          payload: { language },
          headers: { cookie: ctx.recipient.cookie },
        })
      ).statusCode,
    ).toBe(200)
    const { id, approve } = await approvedClaim()
    await approve()
    const mail = await mailOf(ctx.recipient.email, id)
    expect(mail.subject).toContain(subject)
    expect(mail.subject).toContain('Kiribath')
    for (const line of lines) expect(mail.text).toContain(line)
    expect(mail.text).toContain(orderNumber(id))
    expect(mail.text).toContain(`http://localhost:3000/orders/${id}`)
    expect(mail.text).toContain('Nimal Perera')
  })

  it.each([
    ['en', ['Allergens: Dairy', 'Dietary and religious tags: Vegetarian, Halal', `Eat by 23:59 on ${DAY}`]],
    ['si', ['ආසාත්මිකතා: කිරි නිෂ්පාදන', 'ආහාර රටාව සහ ආගමික කරුණු: නිර්මාංශ, හලාල්', `${DAY} 23:59ට පෙර අනුභව කරන්න`]],
    [
      'ta',
      [
        'ஒவ்வாமைகள்: பால் பொருட்கள்',
        'உணவுமுறை மற்றும் சமயக் குறிப்புகள்: சைவம், ஹலால்',
        `${DAY} அன்று 23:59 மணிக்குள் சாப்பிடவும்`,
      ],
    ],
  ] as const)(
    'tells the allergens, the tags and the eat-by time in the requester’s language (%s)',
    async (language, lines) => {
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        payload: { language },
        headers: { cookie: ctx.recipient.cookie },
      })
      const eatBy = new Date(`${DAY}T23:59:00+05:30`)
      const { id, approve } = await approvedClaim({
        allergens: ['dairy'],
        dietary: ['vegetarian', 'halal'],
        preparedAt: new Date(`${DAY}T12:00:00+05:30`),
        storage: 'hot',
        safeUntil: eatBy,
        expiresAt: eatBy,
      } as unknown as Partial<typeof PICKUP>)
      await approve()
      const mail = await mailOf(ctx.recipient.email, id)
      for (const line of lines) expect(mail.text).toContain(line)
    },
  )

  it('says so when the donor left no contact, and uses the chosen time without a window', async () => {
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { language: 'en' },
      headers: { cookie: ctx.recipient.cookie },
    })
    const { id, pickup, approve } = await approvedClaim({
      contactPhone: null,
      contactEmail: null,
      pickupDate: null,
      pickupTimeStart: null,
      pickupTimeEnd: null,
      expiresAt: new Date(Date.now() + 10 * 3_600_000),
    } as unknown as Partial<typeof PICKUP>)
    await approve()
    const mail = await mailOf(ctx.recipient.email, id)
    expect(mail.text).toContain('The donor left no phone number or e-mail')
    expect(mail.text).toContain(`When: ${pickup.pickupDate} at ${pickup.pickupTime}`)
  })

  it('is not sent on a decline', async () => {
    const { id } = await approvedClaim()
    await post(`/api/claims/${id}/decline`, ctx.donor)
    await new Promise((r) => setTimeout(r, 200))
    const rows = await ctx.app.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ctx.recipient.email))
    expect(rows.some((r) => r.text.includes(orderNumber(id)))).toBe(false)
  })
})

describe('the order summary, GET /api/orders/:id', () => {
  it('answers the requester and the donor only', async () => {
    const { id, approve } = await approvedClaim()
    await approve()
    const mine = await get(`/api/orders/${id}`, ctx.recipient)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ id, kind: 'claim', quantity: 2, status: 'confirmed' })
    expect(mine.json().listing.pickupAddress).toBe('21 Temple Road')
    expect((await get(`/api/orders/${id}`, ctx.donor)).statusCode).toBe(200)
    expect((await get(`/api/orders/${id}`, ctx.other)).statusCode).toBe(403)
    expect((await get(`/api/orders/${id}`, ctx.volunteer)).statusCode).toBe(403)
    expect((await get(`/api/orders/${id}`, null)).statusCode).toBe(401)
    const missing = await get('/api/orders/00000000-0000-4000-8000-000000000000', ctx.donor)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Order not found')
  })

  it('finds food requests too', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { type: 'half-price', price: 80 })
    const id = await requestFood(listing)
    const res = await get(`/api/orders/${id}`, ctx.recipient)
    expect(res.json()).toMatchObject({ id, kind: 'request', status: 'pending' })
    expect(res.json().listing.pickupAddress).toBeNull()
  })
})

describe('the donor’s contact on a listing', () => {
  it('is stored as ticked, kept by an edit that leaves it out, and required when ticked', async () => {
    const ids = await categoryIds(ctx.app)
    const image = await uploadImage(ctx.app, ctx.donor)
    const body = listingBody(ids['rice-curry'] ?? Object.values(ids)[0]!, image, {
      sharePhone: true,
      contactPhone: '0771112223',
      shareEmail: false,
      contactEmail: 'not-shared@test.ahara.lk',
    })
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body,
      headers: { cookie: ctx.donor.cookie },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ contactPhone: '+94771112223', contactEmail: null })
    const listing = created.json()
    const {
      safetyChecklist: _,
      sharePhone: __,
      contactPhone: ___,
      shareEmail: ____,
      contactEmail: _____,
      ...edit
    } = body
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      payload: { ...edit, title: 'Edited', version: listing.version },
      headers: { cookie: ctx.donor.cookie },
    })
    expect(edited.statusCode).toBe(200)
    const [row] = await ctx.app.services.db.select().from(listings).where(eq(listings.id, listing.id))
    expect(row).toMatchObject({ title: 'Edited', contactPhone: '+94771112223', contactEmail: null })
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: { ...body, shareEmail: true, contactEmail: '' },
      headers: { cookie: ctx.donor.cookie },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields.contactEmail.key).toBe('donate.errors.contactEmailRequired')
  })
})
