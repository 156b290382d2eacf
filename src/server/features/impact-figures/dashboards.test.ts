import { beforeAll, describe, expect, it } from 'vitest'
import { lastMonthKeys } from '../../../shared/impact'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { claims, deliveries, foodRequests, ratings } from '../../db/schema'
import { claimBody } from '../../test/bodies'
import { categoryIds, insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  otherDonor: { role: 'donor', name: 'Other Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  otherRecipient: { role: 'recipient', name: 'Other Recipient' },
  volunteer: { role: 'volunteer', name: 'Kasun Volunteer' },
  otherVolunteer: { role: 'volunteer', name: 'Other Volunteer' },
})
let categoryId: Record<string, string>

const HOUR = 3_600_000
const DAY = 24 * HOUR

beforeAll(async () => {
  categoryId = await categoryIds(ctx.app)
})

const get = (role: string, user?: TestUser) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/dashboard/${role}`,
    headers: user ? { cookie: user.cookie } : {},
  })

const order = (listingId: string, userId: string, status = 'pending', quantity = 1) => ({
  listingId,
  quantity,
  status,
  pickupAt: new Date(Date.now() + HOUR),
  createdAt: new Date(),
  ...(status === 'completed' ? { completedAt: new Date() } : {}),
  claimantId: userId,
})

describe('who may read a dashboard', () => {
  it('answers 401 to visitors and 403 to another role', async () => {
    for (const role of ['donor', 'recipient', 'volunteer']) {
      const res = await get(role)
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('unauthorized')
    }
    const matrix: [string, TestUser, number][] = [
      ['donor', ctx.donor, 200],
      ['donor', ctx.recipient, 403],
      ['donor', ctx.volunteer, 403],
      ['recipient', ctx.recipient, 200],
      ['recipient', ctx.donor, 403],
      ['recipient', ctx.volunteer, 403],
      ['volunteer', ctx.volunteer, 200],
      ['volunteer', ctx.donor, 403],
      ['volunteer', ctx.recipient, 403],
    ]
    for (const [role, user, status] of matrix) {
      expect((await get(role, user)).statusCode, `${role} as ${user.name}`).toBe(status)
    }
  })

  it('starts at zero with no badges, no rating and six empty months', async () => {
    const d = (await get('donor', ctx.otherDonor)).json()
    expect(d.stats).toEqual({
      totalDonations: 0,
      activeDonations: 0,
      completedDonations: 0,
      mealsShared: 0,
      impactScore: 0,
    })
    expect(d.badges).toEqual([])
    expect(d.monthly.map((m: { month: string }) => m.month)).toEqual(lastMonthKeys(new Date(), 6))
    const v = (await get('volunteer', ctx.otherVolunteer)).json()
    expect(v.rating).toBeNull()
    expect(v.stats.totalHours).toBe(0)
  })
})

describe('GET /api/dashboard/donor', () => {
  it("counts only the caller's listings and the orders on them", async () => {
    const db = ctx.app.services.db
    const made: string[] = []
    for (let i = 0; i < 4; i += 1) {
      made.push((await insertListing(ctx.app, ctx.donor.id, { title: `Available ${i}`, quantity: 5 })).id)
    }
    made.push(
      (
        await insertListing(ctx.app, ctx.donor.id, {
          title: 'Done',
          quantity: 0,
          initialQuantity: 6,
          status: 'completed',
        })
      ).id,
    )
    made.push(
      (
        await insertListing(ctx.app, ctx.donor.id, {
          title: 'Old',
          quantity: 3,
          status: 'expired',
          expiresAt: new Date(Date.now() - HOUR),
          createdAt: new Date(Date.now() - 70 * DAY),
        })
      ).id,
    )
    const foreign = await insertListing(ctx.app, ctx.otherDonor.id, { title: 'Not mine', quantity: 40 })
    await db
      .insert(claims)
      .values([
        order(made[0]!, ctx.recipient.id, 'completed', 2),
        order(made[1]!, ctx.volunteer.id, 'pending', 1),
        order(made[2]!, ctx.recipient.id, 'cancelled', 1),
        order(foreign.id, ctx.recipient.id, 'completed', 1),
      ])

    const res = await get('donor', ctx.donor)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // 4 x 5 + 6 + 3 servings offered, 2 collected (docs/decisions/0048-outcomes-not-offers.md);
    // impact score = meals x 10 + completed x 5, and 'Done', completed with nothing collected, is no
    // completed donation.
    expect(body.stats).toEqual({
      totalDonations: 6,
      activeDonations: 4,
      completedDonations: 0,
      mealsShared: 2,
      impactScore: 20,
    })
    expect(body.badges.map((b: { id: string }) => b.id)).toEqual(['firstDonation', 'generousGiver'])
    expect(body.recent).toHaveLength(5)
    expect(body.recent.map((r: { title: string }) => r.title)).not.toContain('Not mine')
    expect(body.recent.map((r: { title: string }) => r.title)).not.toContain('Old')
    expect(body.environment).toEqual({ co2SavedKg: 1, waterSavedLitres: 4.2, wastePreventedKg: 0.6 })
    expect(body.community).toEqual({
      peopleHelped: 1,
      familiesSupported: 1,
      ordersCompleted: 1,
      recipients: 2,
    })
    // This month holds the 5 new listings and the 2 servings collected; the 70-day-old listing is in
    // an older month.
    const current = body.monthly.at(-1)
    expect(current).toEqual({ month: lastMonthKeys(new Date(), 1)[0], donations: 5, meals: 2, percent: 100 })
    expect(body.monthly.reduce((sum: number, m: { meals: number }) => sum + m.meals, 0)).toBe(2)

    const other = (await get('donor', ctx.otherDonor)).json()
    expect(other.stats).toMatchObject({ totalDonations: 1, mealsShared: 1 })
    expect(other.recent.map((r: { title: string }) => r.title)).toEqual(['Not mine'])
  })

  it('lets the donor set a status from the dashboard edit form through PATCH /api/listings/:id', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Edit me',
      quantity: 4,
      categoryId: categoryId['rice-curry'],
    })
    const patch = (body: Record<string, unknown>, user: TestUser = ctx.donor) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/listings/${listing.id}`,
        payload: body,
        headers: { cookie: user.cookie },
      })
    const expiry = sriLankaParts(listing.expiresAt)
    // The dashboard sends the listing's current values with the changed ones.
    const current = {
      title: listing.title,
      categoryId: listing.categoryId,
      description: listing.description,
      quantity: listing.quantity,
      type: listing.type,
      allergens: [],
      pickupAddress: listing.pickupAddress,
      pickupCity: listing.pickupCity,
      pickupDistrict: listing.pickupDistrict,
      expiryDate: expiry.date,
      expiryTime: expiry.time,
      deliveryRequested: false,
      imageUrls: [],
      version: listing.version,
    }
    const done = await patch({ ...current, title: 'Edited', status: 'completed' })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ title: 'Edited', status: 'completed', quantity: 4 })
    expect((await patch({ ...current, status: 'expired' }, ctx.otherDonor)).statusCode).toBe(403)
    expect((await patch({ ...current, status: 'gone' })).statusCode).toBe(400)
    // 'available' again follows the servings and the expiry (based on the version just saved).
    const reopened = await patch({ ...current, status: 'available', version: done.json().version })
    expect(reopened.json().status).toBe('available')
  })
})

describe('GET /api/dashboard/recipient', () => {
  it("sums the caller's own claims, requests and deliveries", async () => {
    const db = ctx.app.services.db
    // A recipient of their own: the donor tests above ordered as `recipient`.
    const fathima = await createUser(ctx.app, { role: 'recipient', name: 'Fathima Recipient' })
    const rice = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Rice for recipients',
      quantity: 20,
      categoryId: categoryId['rice-curry'],
    })
    const bread = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Half-price bread',
      quantity: 20,
      type: 'half-price',
      price: 150,
      categoryId: categoryId.bakery,
    })
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    await db.insert(claims).values([
      { ...order(rice.id, fathima.id, 'completed', 3), createdAt: at(50) },
      { ...order(rice.id, fathima.id, 'confirmed', 1), createdAt: at(45) },
      { ...order(rice.id, fathima.id, 'pending', 2), createdAt: at(40) },
      { ...order(bread.id, fathima.id, 'cancelled', 2), createdAt: at(30) },
      { ...order(rice.id, ctx.otherRecipient.id, 'pending', 9), createdAt: at(5) },
    ])
    const request = (status: string, quantity: number, minutes: number, requesterId = fathima.id) => ({
      listingId: bread.id,
      requesterId,
      quantity,
      unitPrice: 150,
      totalPrice: 150 * quantity,
      paymentMethod: 'cash',
      pickupAt: new Date(Date.now() + HOUR),
      status,
      createdAt: at(minutes),
    })
    await db
      .insert(foodRequests)
      .values([
        request('confirmed', 3, 20),
        request('completed', 2, 15),
        request('cancelled', 5, 12),
        request('pending', 4, 1, ctx.otherRecipient.id),
      ])
    await db.insert(deliveries).values({
      listingId: rice.id,
      requesterId: fathima.id,
      address: '45 Maradana Road',
      city: 'Colombo',
      district: 'Colombo',
      deliveryAt: new Date(Date.now() + 2 * HOUR),
      phone: '0771234567',
      fee: 250,
      createdAt: at(10),
    })

    const body = (await get('recipient', fathima)).json()
    expect(body.stats).toEqual({
      totalClaims: 4,
      totalRequests: 3,
      totalDeliveries: 1,
      completedOrders: 2,
      // Servings of the requests not cancelled (3 + 2) plus one per claim not cancelled (3).
      mealsReceived: 8,
      // Total prices of the requests not cancelled: 450 + 300.
      moneySaved: 750,
    })
    expect(body.favouriteCategories).toEqual([
      { slug: 'rice-curry', name: 'Rice & Curry', count: 3, stars: 5 },
      { slug: 'bakery', name: 'Bakery Items', count: 2, stars: 3 },
    ])
    expect(body.recent.map((r: { kind: string; status: string }) => `${r.kind}:${r.status}`)).toEqual([
      'delivery:pending',
      'request:cancelled',
      'request:completed',
      'request:confirmed',
      'claim:cancelled',
    ])
    expect(body.recent[2]).toMatchObject({ title: 'Half-price bread', quantity: 2, amount: 300 })

    const other = (await get('recipient', ctx.otherRecipient)).json()
    expect(other.stats).toMatchObject({ totalClaims: 1, totalRequests: 1, mealsReceived: 5, moneySaved: 600 })
    expect(other.recent).toHaveLength(2)
  })
})

describe('recipient Recent Activity: declined and cancelled', () => {
  it("shows a claim the donor declined as 'declined' and one its requester cancelled as 'cancelled'", async () => {
    const saman = await createUser(ctx.app, { role: 'recipient' })
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Decided rice' })
    const claimAndThen = async (path: string, cookie: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/claims`,
        payload: claimBody(),
        headers: { cookie: saman.cookie },
      })
      const id = res.json().id
      const step = await ctx.app.inject({
        method: 'POST',
        url: `/api/claims/${id}/${path}`,
        headers: { cookie },
      })
      expect(step.statusCode, step.body).toBe(200)
    }
    await claimAndThen('decline', ctx.donor.cookie)
    await claimAndThen('cancel', saman.cookie)
    const body = (await get('recipient', saman)).json()
    expect(body.recent.map((r: { status: string }) => r.status)).toEqual(['cancelled', 'declined'])
  })
})

describe('GET /api/dashboard/volunteer', () => {
  it("gives the caller's hours, average rating, badges, this month and impact", async () => {
    const db = ctx.app.services.db
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Delivered rice', quantity: 30 })
    const base = {
      listingId: listing.id,
      requesterId: ctx.recipient.id,
      address: '12 Temple Road',
      city: 'Colombo',
      district: 'Colombo' as const,
      deliveryAt: new Date(Date.now() - HOUR),
      phone: '0771234567',
      fee: 250,
    }
    const completed = (volunteerId: string, rating: number | null, completedAt: Date) => ({
      ...base,
      volunteerId,
      status: 'completed',
      assignedAt: new Date(completedAt.getTime() - HOUR),
      completedAt,
      score: rating,
    })
    const longAgo = new Date(Date.now() - 80 * DAY)
    type Row = typeof deliveries.$inferInsert & { score?: number | null }
    const rows: Row[] = [
      completed(ctx.volunteer.id, 5, new Date()),
      completed(ctx.volunteer.id, 4, new Date()),
      completed(ctx.volunteer.id, null, new Date()),
      completed(ctx.volunteer.id, 4, longAgo),
      { ...base, volunteerId: ctx.volunteer.id, status: 'assigned', assignedAt: new Date(), fee: 300 },
      { ...base, volunteerId: ctx.volunteer.id, status: 'in-progress', assignedAt: new Date() },
      { ...base, status: 'pending' },
      completed(ctx.otherVolunteer.id, 1, new Date()),
    ]
    const inserted = await db
      .insert(deliveries)
      .values(rows.map(({ score: _, ...row }) => row))
      .returning({ id: deliveries.id })
    // The requester's ratings, in the ratings model.
    const rated = rows.flatMap((row, i) =>
      row.score && row.volunteerId
        ? [
            {
              raterId: row.requesterId,
              rateeId: row.volunteerId,
              deliveryId: inserted[i]!.id,
              score: row.score,
            },
          ]
        : [],
    )
    await db.insert(ratings).values(rated)

    const body = (await get('volunteer', ctx.volunteer)).json()
    expect(body.stats).toEqual({
      totalDeliveries: 6,
      completedDeliveries: 4,
      activeDeliveries: 2,
      totalHours: 6,
      feesEarned: 1000,
    })
    expect(body.rating).toBe(4.3)
    expect(body.ratingCount).toBe(3)
    expect(body.badges.map((b: { id: string }) => b.id)).toEqual(['firstDelivery', 'reliableHelper'])
    expect(body.thisMonth).toEqual({ completed: 3, hours: 4.5, peopleHelped: 3 })
    // 2 meals per delivery, 0.5 kg CO2 per meal.
    expect(body.impact).toEqual({ mealsDelivered: 8, co2SavedKg: 4, distanceKm: 32 })
    expect(body.recent).toHaveLength(5)
    expect(body.recent[0]).toMatchObject({ city: 'Colombo', district: 'Colombo', title: 'Delivered rice' })

    const other = (await get('volunteer', ctx.otherVolunteer)).json()
    expect(other.stats).toMatchObject({ totalDeliveries: 1, completedDeliveries: 1, totalHours: 1.5 })
    expect(other.rating).toBe(1)
    expect(other.recent).toHaveLength(1)
  })
})
