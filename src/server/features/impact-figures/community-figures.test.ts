import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthKey, monthStart } from '../../../shared/impact'
import { ALL_SAFETY_CHECKS_TICKED } from '../../../shared/reference-data'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'
import { impactFigures, leaderboard } from './service'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.teardown())

async function addListing(
  donor: TestUser,
  servings: number,
  createdAt: Date,
  status: 'available' | 'completed' = 'available',
  db = app.database.db,
) {
  const [row] = await db
    .insert(listings)
    .values({
      donorId: donor.id,
      title: 'Rice and curry',
      description: 'Lunch packets',
      quantity: status === 'completed' ? 0 : servings,
      initialQuantity: servings,
      type: 'free',
      price: 0,
      pickupAddress: '1 Main Street',
      pickupCity: 'Colombo',
      pickupDistrict: 'Colombo',
      expiresAt: new Date(createdAt.getTime() + 86_400_000),
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      status,
      createdAt,
    })
    .returning({ id: listings.id })
  return row!.id
}

async function addDelivery(
  listingId: string,
  requester: TestUser,
  volunteer: TestUser,
  completedAt: Date,
  late = false,
  db = app.database.db,
) {
  await db.insert(deliveries).values({
    listingId,
    requesterId: requester.id,
    address: '45 Maradana Road',
    city: 'Colombo',
    district: 'Colombo',
    deliveryAt: new Date(completedAt.getTime() + (late ? -3_600_000 : 0)),
    phone: '0771234567',
    fee: 200,
    status: 'completed',
    volunteerId: volunteer.id,
    assignedAt: completedAt,
    completedAt,
    createdAt: completedAt,
  })
}

describe('leaderboard', () => {
  it('ranks by the activity of each period: this month, this year and all time differ', async () => {
    const now = new Date('2026-06-15T12:00:00Z')
    const recent = await createUser(app, { role: 'donor', name: 'Recent Donor' })
    const thisYear = await createUser(app, { role: 'donor', name: 'Spring Donor' })
    const longAgo = await createUser(app, { role: 'donor', name: 'Veteran Donor' })
    const volunteer = await createUser(app, { role: 'volunteer', name: 'Driver Volunteer' })
    const recipient = await createUser(app, { role: 'recipient', name: 'Collecting Recipient' })

    // Offered, never collected: 200 servings earn nothing (docs/decisions/0048-outcomes-not-offers.md).
    const offering = await createUser(app, { role: 'donor', name: 'Offering Donor' })

    const recentListing = await addListing(recent, 10, new Date('2026-06-10T08:00:00Z'))
    const spring = await addListing(thisYear, 30, new Date('2026-02-01T08:00:00Z'), 'completed')
    const veteran = await addListing(longAgo, 50, new Date('2024-05-01T08:00:00Z'), 'completed')
    await addListing(offering, 200, new Date('2026-06-10T08:00:00Z'))
    await addDelivery(recentListing, recipient, volunteer, new Date('2026-06-12T08:00:00Z'))
    await addDelivery(recentListing, recipient, volunteer, new Date('2026-06-13T08:00:00Z'))
    await addDelivery(recentListing, recipient, volunteer, new Date('2025-01-13T08:00:00Z'))
    await collect(recentListing, recipient, 2, new Date('2026-06-11T08:00:00Z'))
    await collect(recentListing, recipient, 8, new Date('2026-06-14T08:00:00Z'))
    await collect(spring, recipient, 30, new Date('2026-02-02T08:00:00Z'))
    await collect(veteran, recipient, 50, new Date('2024-05-02T08:00:00Z'))

    const ranking = async (period: 'month' | 'year' | 'all') =>
      (await leaderboard(app.database.db, period, now)).map((e) => [e.rank, e.name, e.score])

    // Donors: servings collected x 10 + completed donations x 5; recipients 5 per collected order.
    expect(await ranking('month')).toEqual([
      [1, 'Recent Donor', 100],
      [2, 'Driver Volunteer', 50],
      [3, 'Collecting Recipient', 10],
    ])
    expect(await ranking('year')).toEqual([
      [1, 'Spring Donor', 305],
      [2, 'Recent Donor', 100],
      [3, 'Driver Volunteer', 50],
      [4, 'Collecting Recipient', 15],
    ])
    expect(await ranking('all')).toEqual([
      [1, 'Veteran Donor', 505],
      [2, 'Spring Donor', 305],
      [3, 'Recent Donor', 100],
      [4, 'Driver Volunteer', 75],
      [5, 'Collecting Recipient', 20],
    ])
  })

  it('serves the period through the API, top 10 with rank, location and avatar', async () => {
    const recipient = await createUser(app, { role: 'recipient', name: 'Busy Recipient' })
    for (let i = 0; i < 11; i++) {
      const donor = await createUser(app, { role: 'donor', name: `Busy Donor ${String(i).padStart(2, '0')}` })
      await collect(await addListing(donor, 100 + i, new Date()), recipient, 100 + i, new Date())
    }
    const res = await app.inject({ method: 'GET', url: '/api/community/leaderboard?period=month' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.period).toBe('month')
    expect(body.entries).toHaveLength(10)
    expect(body.entries[0]).toMatchObject({
      rank: 1,
      name: 'Busy Donor 10',
      score: 1100,
      location: 'Colombo 07',
      avatarUrl: null,
      role: 'donor',
    })
    const all = (await app.inject({ method: 'GET', url: '/api/community/leaderboard?period=all' })).json()
    expect(all.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const bad = await app.inject({ method: 'GET', url: '/api/community/leaderboard?period=week' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toBe('Please choose This Month, This Year or All Time.')
  })
})

describe('volunteers', () => {
  it('lists volunteers with 1.5 hours per completed delivery, score and badges', async () => {
    const busy = await createUser(app, { role: 'volunteer', name: 'Busy Volunteer', location: 'Borella' })
    const requester = await createUser(app)
    const donor = await createUser(app, { role: 'donor' })
    const listing = await addListing(donor, 5, new Date())
    for (let i = 0; i < 5; i++)
      await addDelivery(listing, requester, busy, new Date(Date.now() - i * 3_600_000))
    const res = await app.inject({ method: 'GET', url: '/api/community/volunteers?size=60' })
    expect(res.statusCode).toBe(200)
    const card = res.json().items.find((v: { id: string }) => v.id === busy.id)
    expect(card).toMatchObject({
      name: 'Busy Volunteer',
      location: 'Borella',
      avatarUrl: null,
      deliveries: 5,
      completedDeliveries: 5,
      volunteerHours: 7.5,
      impactScore: 125,
      badges: [
        { id: 'firstDelivery', icon: 'Truck' },
        { id: 'reliableHelper', icon: 'Clock' },
      ],
    })
    expect(res.json().items.every((v: { id: string }) => v.id !== donor.id)).toBe(true)
  })
})

/** A claim of `quantity` servings on `listingId` that `recipient` collected at `at`. */
async function collect(
  listingId: string,
  recipient: TestUser,
  quantity: number,
  at: Date,
  db = app.database.db,
) {
  await db.insert(claims).values({
    listingId,
    claimantId: recipient.id,
    quantity,
    pickupAt: at,
    status: 'completed',
    createdAt: at,
    completedAt: at,
  })
}

describe('impact figures', () => {
  it('computes every figure from the data, with month-over-month trends', async () => {
    const fresh = await createTestApp()
    try {
      const db = fresh.database.db
      const now = new Date()
      const donor = await createUser(fresh, { role: 'donor', donorType: 'restaurant' })
      await createUser(fresh, { role: 'donor', donorType: 'home' })
      const recipient = await createUser(fresh)
      const volunteer = await createUser(fresh, { role: 'volunteer' })
      const thisMonth = new Date(Math.max(monthStart(now).getTime() + 3_600_000, now.getTime() - 3_600_000))
      const lastMonth = new Date(monthStart(now, 1).getTime() + 86_400_000)
      const fourMonthsAgo = new Date(monthStart(now, 4).getTime() + 86_400_000)
      const listing = await addListing(donor, 100, fourMonthsAgo, 'available', db)
      const order = (quantity: number, createdAt: Date, status: 'confirmed' | 'completed' | 'pending') => ({
        listingId: listing,
        claimantId: recipient.id,
        quantity,
        pickupAt: createdAt,
        status,
        createdAt,
        ...(status === 'completed' ? { completedAt: createdAt } : {}),
      })
      await db.insert(claims).values([
        order(12, thisMonth, 'completed'),
        order(10, lastMonth, 'completed'),
        order(8, fourMonthsAgo, 'completed'),
        order(7, thisMonth, 'confirmed'), // approved, not collected yet: not counted
        order(50, thisMonth, 'pending'), // not shared yet: not counted
      ])
      await db.insert(foodRequests).values({
        listingId: listing,
        requesterId: recipient.id,
        quantity: 3,
        unitPrice: 100,
        totalPrice: 300,
        paymentMethod: 'cash',
        pickupAt: thisMonth,
        status: 'completed',
        createdAt: thisMonth,
        completedAt: thisMonth,
      })
      await addDelivery(listing, recipient, volunteer, thisMonth, false, db)
      await addDelivery(listing, recipient, volunteer, lastMonth, false, db)
      await addDelivery(listing, recipient, volunteer, lastMonth, true, db)

      const res = await fresh.inject({ method: 'GET', url: '/api/impact' })
      expect(res.statusCode).toBe(200)
      const impact = res.json()
      // 12 + 3 this month, 10 last month, 8 four months ago = 33 meals.
      expect(impact.headline.mealsShared).toEqual({ value: 33, trend: 50 })
      expect(impact.headline.wastePreventedKg).toEqual({ value: 9.9, trend: 50 })
      expect(impact.headline.partnerBusinesses.value).toBe(1)
      expect(impact.headline.activeMembers.value).toBe(4)
      expect(impact.environmental).toEqual({
        co2SavedKg: 16.5,
        waterSavedLitres: 69.3,
        landfillWasteKg: 9.9,
        treeYears: 0.8,
        carKm: 138,
      })
      expect(impact.social).toEqual({
        peopleReached: 17,
        familiesSupported: 9,
        recipientsServed: 1,
        districtsReached: 1,
      })
      expect(impact.growth).toHaveLength(6)
      expect(impact.growth.at(-1)).toEqual({ month: monthKey(now), meals: 15, wasteKg: 4.5 })
      expect(impact.growth.at(-2)).toEqual({ month: monthKey(lastMonth), meals: 10, wasteKg: 3 })
      expect(impact.growth[1]).toEqual({ month: monthKey(fourMonthsAgo), meals: 8, wasteKg: 2.4 })
      expect(impact.volunteers).toEqual({
        activeVolunteers: 1,
        deliveriesCompleted: 3,
        volunteerHours: 4.5,
        onTimeRate: 67,
        // No run was made in this data (runs are measured in runs.test.ts).
        stopsPerRun: null,
        kmPerServing: null,
      })
    } finally {
      await fresh.teardown()
    }
  })

  it('measures outcomes: collected of approved, verified of collected, medians, weight; by district and month', async () => {
    const fresh = await createTestApp()
    try {
      const db = fresh.database.db
      const now = new Date()
      const minutes = (n: number, from = now) => new Date(from.getTime() + n * 60_000)
      const colomboDonor = await createUser(fresh, { role: 'donor' })
      const kandyDonor = await createUser(fresh, { role: 'donor' })
      const recipient = await createUser(fresh)
      const posted = minutes(-6 * 60)
      const colombo = await addListing(colomboDonor, 20, posted, 'available', db)
      const kandy = await addListing(kandyDonor, 20, posted, 'available', db)
      await db.update(listings).set({ pickupDistrict: 'Kandy' }).where(eq(listings.id, kandy))
      const ended = minutes(-3 * 60) // the pickup window (one hour) ended two hours ago
      const approvedAt = minutes(-4 * 60)
      const claim = (listingId: string, after: number, fields: Record<string, unknown>) => ({
        listingId,
        claimantId: recipient.id,
        quantity: 1,
        pickupAt: ended,
        createdAt: minutes(after, posted),
        ...fields,
      })
      await db.insert(claims).values([
        // Colombo: first order 10 minutes after posting; collected 30 and 90 minutes after approval,
        // one with the code; one not collected; one declined (never approved: not counted).
        claim(colombo, 10, {
          status: 'completed',
          decidedAt: approvedAt,
          completedAt: minutes(30, approvedAt),
          handoverVerified: true,
          weightKg: 2.5,
        }),
        claim(colombo, 20, {
          status: 'completed',
          decidedAt: approvedAt,
          completedAt: minutes(90, approvedAt),
          handoverVerified: false,
          unverifiedReason: 'No phone',
          weightKg: 1.5,
        }),
        claim(colombo, 25, { status: 'cancelled', decidedAt: approvedAt, noShowAt: minutes(-60) }),
        claim(colombo, 30, { status: 'cancelled', decidedAt: approvedAt }),
        // Kandy: first order 40 minutes after posting; approved and not collected, window over;
        // approved, window still ahead (not yet measured); pending.
        claim(kandy, 40, { status: 'confirmed', decidedAt: approvedAt }),
        claim(kandy, 50, { status: 'confirmed', decidedAt: approvedAt, pickupAt: minutes(120) }),
        claim(kandy, 60, { status: 'pending' }),
      ])

      const { outcomes } = (await fresh.inject({ method: 'GET', url: '/api/impact' })).json()
      expect(outcomes.overall).toEqual({
        pickupSuccessRate: 50, // 2 of the 4 approved orders whose window ended
        verifiedHandoverRate: 50,
        medianMinutesToFirstOrder: 25, // 10 and 40
        medianMinutesToCollect: 60, // 30 and 90
        kgRescued: 4,
        standingShare: 0, // collected, none through a standing arrangement
      })
      const district = (name: string) =>
        outcomes.byDistrict.find((d: { district: string }) => d.district === name)
      expect(outcomes.byDistrict).toHaveLength(25)
      expect(district('Colombo')).toEqual({
        district: 'Colombo',
        pickupSuccessRate: 67,
        verifiedHandoverRate: 50,
        medianMinutesToFirstOrder: 10,
        medianMinutesToCollect: 60,
        kgRescued: 4,
        standingShare: 0,
      })
      expect(district('Kandy')).toEqual({
        district: 'Kandy',
        pickupSuccessRate: 0,
        verifiedHandoverRate: null,
        medianMinutesToFirstOrder: 40,
        medianMinutesToCollect: null,
        kgRescued: 0,
        standingShare: null,
      })
      expect(district('Jaffna')).toEqual({
        district: 'Jaffna',
        pickupSuccessRate: null,
        verifiedHandoverRate: null,
        medianMinutesToFirstOrder: null,
        medianMinutesToCollect: null,
        kgRescued: 0,
        standingShare: null,
      })
      expect(outcomes.byMonth).toHaveLength(6)
      const month = outcomes.byMonth.find((m: { month: string }) => m.month === monthKey(ended))
      expect(month).toMatchObject({ pickupSuccessRate: 50, verifiedHandoverRate: 50, kgRescued: 4 })

      // The donor's dashboard: their own listings only.
      const own = await fresh.inject({
        method: 'GET',
        url: '/api/dashboard/donor',
        headers: { cookie: colomboDonor.cookie },
      })
      expect(own.json().outcomes).toEqual({
        pickupSuccessRate: 67,
        verifiedHandoverRate: 50,
        medianMinutesToFirstOrder: 10,
        medianMinutesToCollect: 60,
        kgRescued: 4,
        standingShare: 0,
      })
    } finally {
      await fresh.teardown()
    }
  })

  it('hides a trend when last month is 0 and gives no on-time rate without deliveries', async () => {
    const empty = await createTestApp()
    try {
      const impact = await impactFigures(empty.database.db)
      expect(impact.headline.mealsShared).toEqual({ value: 0, trend: null })
      expect(impact.volunteers.onTimeRate).toBeNull()
      expect(impact.growth.every((m) => m.meals === 0)).toBe(true)
    } finally {
      await empty.teardown()
    }
  })
})
