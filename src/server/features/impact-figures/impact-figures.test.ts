import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CO2_KG_PER_MEAL,
  co2SavedKg,
  donorImpactScore,
  monthStart,
  recipientImpactScore,
  volunteerImpactScore,
} from '../../../shared/impact'
import { claims, deliveries, foodRequests } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

/**
 * One community, read through every page that shows figures: the home cards, the impact page, the
 * leaderboard, the volunteers list and the three dashboards must agree with each other and with the
 * figures worked out by hand below.
 */

let app: TestApp
let donor: TestUser // a restaurant: a partner business
let homeDonor: TestUser
let recipient: TestUser
let otherRecipient: TestUser
let volunteer: TestUser
let otherVolunteer: TestUser

const HOUR = 3_600_000
const now = new Date()
// An hour ago, but never before the month began (at 00:30 on the 1st, 01:00 on the 1st).
const thisMonth = new Date(Math.max(monthStart(now).getTime() + HOUR, now.getTime() - HOUR))
const lastMonth = new Date(monthStart(now, 1).getTime() + 24 * HOUR)

const get = async (url: string, user?: TestUser) => {
  const res = await app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })
  expect(res.statusCode, url).toBe(200)
  return res.json()
}

const order = (listingId: string, claimantId: string, quantity: number, status: string, at: Date) => ({
  listingId,
  claimantId,
  quantity,
  status,
  pickupAt: at,
  createdAt: at,
  ...(status === 'completed' ? { completedAt: at } : {}),
})

const request = (listingId: string, requesterId: string, quantity: number, status: string, at: Date) => ({
  listingId,
  requesterId,
  quantity,
  unitPrice: 100,
  totalPrice: 100 * quantity,
  paymentMethod: 'cash',
  pickupAt: at,
  status,
  createdAt: at,
  ...(status === 'completed' ? { completedAt: at } : {}),
})

const delivery = (
  listingId: string,
  requesterId: string,
  volunteerId: string | null,
  status: string,
  at: Date,
) => ({
  listingId,
  requesterId,
  address: '45 Maradana Road',
  city: 'Colombo',
  district: 'Colombo',
  deliveryAt: at,
  phone: '0771234567',
  fee: 200,
  status,
  volunteerId,
  createdAt: at,
  ...(volunteerId ? { assignedAt: at } : {}),
  ...(status === 'completed' ? { completedAt: at } : {}),
})

beforeAll(async () => {
  app = await createTestApp()
  const db = app.services.db
  donor = await createUser(app, { role: 'donor', donorType: 'restaurant', name: 'Spice Restaurant' })
  homeDonor = await createUser(app, { role: 'donor', donorType: 'home', name: 'Home Cook' })
  recipient = await createUser(app, { role: 'recipient', name: 'Saman Recipient' })
  otherRecipient = await createUser(app, { role: 'recipient', name: 'Fathima Recipient' })
  volunteer = await createUser(app, { role: 'volunteer', name: 'Kasun Volunteer' })
  otherVolunteer = await createUser(app, { role: 'volunteer', name: 'Priya Volunteer' })

  // The restaurant: 10 servings this month (4 still available), 6 half-price last month (completed).
  const rice = await insertListing(app, donor.id, { quantity: 4, initialQuantity: 10, createdAt: thisMonth })
  const bread = await insertListing(app, donor.id, {
    quantity: 0,
    initialQuantity: 6,
    type: 'half-price',
    price: 100,
    pickupDistrict: 'Kandy',
    status: 'completed',
    createdAt: lastMonth,
  })
  // The home cook: 4 servings this month, nothing ordered yet but one pending claim.
  const curry = await insertListing(app, homeDonor.id, { quantity: 4, createdAt: thisMonth })

  await db.insert(claims).values([
    order(rice.id, recipient.id, 3, 'completed', thisMonth), // shared, collected
    order(rice.id, otherRecipient.id, 2, 'confirmed', thisMonth), // shared
    order(rice.id, otherRecipient.id, 1, 'cancelled', thisMonth), // not shared
    order(curry.id, recipient.id, 1, 'pending', thisMonth), // not shared yet
  ])
  await db.insert(foodRequests).values([
    request(bread.id, recipient.id, 4, 'completed', lastMonth), // shared, collected
    request(bread.id, otherRecipient.id, 2, 'cancelled', lastMonth), // not shared
  ])
  await db
    .insert(deliveries)
    .values([
      delivery(rice.id, recipient.id, volunteer.id, 'completed', thisMonth),
      delivery(bread.id, otherRecipient.id, volunteer.id, 'completed', lastMonth),
      delivery(rice.id, otherRecipient.id, otherVolunteer.id, 'assigned', thisMonth),
      delivery(curry.id, recipient.id, null, 'pending', thisMonth),
    ])
})
afterAll(() => app.teardown())

// Meals shared: servings collected (docs/decisions/0048-outcomes-not-offers.md): 3 this month, 4
// last month; the approved claim of 2 nobody has collected yet counts for nothing.
const MEALS = 7
const MEALS_TREND = -25 // (3 - 4) / 4

describe('one dataset, every page', () => {
  it('shows the same meals, waste and CO2 (meals x 0.5 kg) on the home and impact pages', async () => {
    const home = await get('/api/home')
    const impact = await get('/api/impact')
    expect(home.impact.mealsShared).toEqual({ value: MEALS, trendPercent: MEALS_TREND })
    expect(impact.headline.mealsShared).toEqual({ value: MEALS, trend: MEALS_TREND })
    expect(home.impact.co2ReducedKg.value).toBe(MEALS * CO2_KG_PER_MEAL)
    expect(impact.environmental.co2SavedKg).toBe(MEALS * CO2_KG_PER_MEAL)
    expect(home.impact.foodWasteSavedKg.value).toBe(impact.headline.wastePreventedKg.value)
    expect(impact.headline.wastePreventedKg.value).toBe(2.1)
    expect(impact.environmental.waterSavedLitres).toBe(14.7)
    expect(impact.social).toEqual({
      peopleReached: 4,
      familiesSupported: 2,
      recipientsServed: 1, // both collected orders are Saman's
      districtsReached: 2,
    })
    expect(impact.growth.at(-1).meals).toBe(3)
    expect(impact.growth.at(-2).meals).toBe(4)
  })

  it('tells active users (this month) from members (everyone signed up)', async () => {
    const home = await get('/api/home')
    const impact = await get('/api/impact')
    // Active this month: both donors, both recipients, both volunteers; last month: the restaurant,
    // both recipients (an order, a delivery request) and the volunteer who delivered.
    expect(home.impact.activeUsers).toEqual({ value: 6, trendPercent: 50 })
    // All six signed up this month, none last month: no trend.
    expect(impact.headline.activeMembers).toEqual({ value: 6, trend: null })
    expect(impact.headline.partnerBusinesses.value).toBe(1)
    expect(impact.volunteers).toEqual({
      activeVolunteers: 2,
      deliveriesCompleted: 2,
      volunteerHours: 3,
      onTimeRate: 100,
      // No run yet (runs/runs.test.ts measures them).
      stopsPerRun: null,
      kmPerServing: null,
    })
  })

  it('gives a donor the same score on the dashboard and the all-time leaderboard', async () => {
    const dashboard = await get('/api/dashboard/donor', donor)
    // Servings collected 3 + 4 (not the 16 offered), one listing completed.
    expect(dashboard.stats).toEqual({
      totalDonations: 2,
      activeDonations: 1,
      completedDonations: 1,
      mealsShared: 7,
      impactScore: donorImpactScore(7, 1),
    })
    expect(dashboard.stats.impactScore).toBe(75)
    expect(dashboard.environment.co2SavedKg).toBe(7 * CO2_KG_PER_MEAL)
    expect(dashboard.community).toEqual({
      peopleHelped: 4,
      familiesSupported: 2,
      ordersCompleted: 2,
      recipients: 2,
    })

    const all = (await get('/api/community/leaderboard?period=all')).entries
    const scoreOf = (user: TestUser) => all.find((e: { id: string }) => e.id === user.id)?.score
    expect(scoreOf(donor)).toBe(dashboard.stats.impactScore)
    // The home cook's 4 servings were offered, not collected: no score, no rank.
    expect((await get('/api/dashboard/donor', homeDonor)).stats).toMatchObject({
      mealsShared: 0,
      impactScore: 0,
    })
    expect(scoreOf(homeDonor)).toBeUndefined()
  })

  it('gives a volunteer the same deliveries, score and CO2 everywhere', async () => {
    const dashboard = await get('/api/dashboard/volunteer', volunteer)
    expect(dashboard.stats).toMatchObject({ totalDeliveries: 2, completedDeliveries: 2, totalHours: 3 })
    expect(dashboard.thisMonth).toEqual({ completed: 1, hours: 1.5, peopleHelped: 1 })
    // 2 meals per delivery, 0.5 kg CO2 per meal: the same rule as every other CO2 figure.
    expect(dashboard.impact).toEqual({ mealsDelivered: 4, co2SavedKg: co2SavedKg(4), distanceKm: 16 })
    expect(dashboard.impact.co2SavedKg).toBe(2)

    const card = (await get('/api/community/volunteers')).items.find(
      (v: { id: string }) => v.id === volunteer.id,
    )
    expect(card).toMatchObject({
      completedDeliveries: 2,
      volunteerHours: 3,
      impactScore: volunteerImpactScore(2),
    })
    const all = (await get('/api/community/leaderboard?period=all')).entries
    expect(all.find((e: { id: string }) => e.id === volunteer.id)?.score).toBe(card.impactScore)
    // A delivery under way scores nothing yet.
    expect(all.find((e: { id: string }) => e.id === otherVolunteer.id)).toBeUndefined()
    expect((await get('/api/dashboard/volunteer', otherVolunteer)).stats).toMatchObject({
      totalDeliveries: 1,
      completedDeliveries: 0,
      activeDeliveries: 1,
    })
  })

  it("scores a recipient's collected orders on the leaderboard as the dashboard counts them", async () => {
    const dashboard = await get('/api/dashboard/recipient', recipient)
    expect(dashboard.stats).toEqual({
      totalClaims: 2,
      totalRequests: 1,
      totalDeliveries: 2,
      completedOrders: 2,
      mealsReceived: 6, // request servings 4 + one per claim not cancelled (2)
      moneySaved: 400,
    })
    const all = (await get('/api/community/leaderboard?period=all')).entries
    expect(all.find((e: { id: string }) => e.id === recipient.id)?.score).toBe(
      recipientImpactScore(dashboard.stats.completedOrders),
    )
    // Nothing collected: not on the board.
    expect(all.find((e: { id: string }) => e.id === otherRecipient.id)).toBeUndefined()
  })

  it('ranks this month by this month’s activity only', async () => {
    const month = (await get('/api/community/leaderboard?period=month')).entries
    expect(month.map((e: { name: string; score: number }) => [e.name, e.score])).toEqual([
      ['Spice Restaurant', 30], // 3 servings collected this month; the completed listing was last month's
      ['Kasun Volunteer', 25], // the home cook's 4 servings nobody collected earn no rank

      ['Saman Recipient', 5], // the claim collected this month, not last month's request
    ])
  })
})
