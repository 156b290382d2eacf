import { eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Point } from '../../../shared/geo'
import { orderActionPath } from '../../../shared/orders'
import { roadKm } from '../../../shared/run-order'
import { MINUTES_PER_STOP, TOWN_SPEED_KMH } from '../../../shared/run-schedule'
import { deliveries, domainEvents, listings, runs, users } from '../../db/schema'
import { completeWithoutCode, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { acceptDeliveriesFor } from '../deliveries/service'

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient', name: 'Saman' },
  otherRecipient: { role: 'recipient', name: 'Nimali' },
  volunteer: { role: 'volunteer', district: 'Colombo', name: 'Kasun' },
  otherVolunteer: { role: 'volunteer', district: 'Colombo', name: 'Ruwan' },
  pendingVolunteer: { role: 'volunteer', district: 'Colombo', verified: false },
})

afterEach(() => {
  vi.useRealTimers()
})

/** Colombo: a bakery at Maradana, homes around it. */
const BAKERY: Point = { lat: 6.9271, lng: 79.8612 }
const east = (km: number): Point => ({ lat: BAKERY.lat, lng: BAKERY.lng + km / 110.4 })

/**
 * A delivery the donor approved, waiting for a volunteer: its listing's pickup at `pickup`, its
 * drop-off at `dropOff` (written straight to the columns, as the places forms will).
 */
async function waitingDelivery(
  requester: TestUser = ctx.recipient,
  {
    pickup = BAKERY,
    dropOff = east(2),
    pickupDistrict = 'Colombo',
    district = 'Colombo',
    title = 'Rice packets',
  } = {},
) {
  const listing = await insertListing(ctx.app, ctx.donor.id, {
    title,
    pickupDistrict,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
  })
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listing.id}/deliveries`,
    payload: deliveryBody({ district, city: district }),
    headers: { cookie: requester.cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { id, order } = res.json()
  const approved = await ctx.app.request('POST', orderActionPath(order.kind, order.id, 'approve'), ctx.donor)
  expect(approved.statusCode, approved.body).toBe(200)
  await ctx.app.services.db
    .update(deliveries)
    .set({ dropOffLat: dropOff.lat, dropOffLng: dropOff.lng })
    .where(eq(deliveries.id, id))
  return { id: id as string, listingId: listing.id }
}

const plan = (user: TestUser, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/runs',
    payload: payload as object,
    headers: { cookie: user.cookie },
  })
const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const step = (id: string, action: string, user: TestUser = ctx.volunteer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/deliveries/${id}/${action}`,
    headers: { cookie: user.cookie },
    ...(action === 'complete' ? { payload: completeWithoutCode } : {}),
  })

/** The deliveries' times moved to around the fake clock's now, so the run is neither early nor late. */
async function dueAround(now: Date, ids: string[], minutes = 30) {
  await ctx.app.services.db
    .update(deliveries)
    .set({ deliveryAt: new Date(now.getTime() + minutes * 60_000) })
    .where(inArray(deliveries.id, ids))
}

async function statusOf(id: string) {
  const [row] = await ctx.app.services.db
    .select({ status: deliveries.status, volunteerId: deliveries.volunteerId })
    .from(deliveries)
    .where(eq(deliveries.id, id))
  return row!
}

describe('planning a run', () => {
  it('orders two deliveries pickup before drop-off, accepts both, and shows the run to its volunteer only', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(3) })
    const b = await waitingDelivery(ctx.otherRecipient, { pickup: east(0.2), dropOff: east(3.5) })
    const now = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id, b.id])
    const res = await plan(ctx.volunteer, { deliveryIds: [a.id, b.id], from: BAKERY })
    expect(res.statusCode, res.body).toBe(201)
    const run = res.json()
    expect(run.stops.map((s: { kind: string }) => s.kind)).toEqual(['pickup', 'pickup', 'dropoff', 'dropoff'])
    expect(run.stops[0]).toMatchObject({
      deliveryId: a.id,
      place: '12 Galle Road, Colombo',
      approximate: false,
    })
    expect(run.stops[0].legKm).toBe(0)
    // Straight line × 1.4: 0.2 km east, then on to 3 km east, then 0.5 km further.
    expect(run.totalKm).toBeCloseTo(Math.round(roadKm(BAKERY, east(3.5)) * 10) / 10, 1)
    const minutes = (roadKm(BAKERY, east(3.5)) / TOWN_SPEED_KMH['three-wheeler']) * 60 + 4 * MINUTES_PER_STOP
    expect(run.totalMinutes).toBe(Math.round(minutes))
    expect(run.stops[3].etaMinutes).toBe(Math.round(minutes - MINUTES_PER_STOP))

    expect(await statusOf(a.id)).toEqual({ status: 'assigned', volunteerId: ctx.volunteer.id })
    expect(await statusOf(b.id)).toEqual({ status: 'assigned', volunteerId: ctx.volunteer.id })
    expect((await get(ctx.volunteer, `/api/runs/${run.id}`)).json().stops).toHaveLength(4)
    expect((await get(ctx.volunteer, '/api/runs?as=volunteer')).json().items[0].id).toBe(run.id)
    for (const stranger of [ctx.otherVolunteer, ctx.recipient]) {
      expect((await get(stranger, `/api/runs/${run.id}`)).json().error.key).toBe('runs.errors.notFound')
    }
    // The requesters and the donor hear of it (realtime), the volunteer too.
    const [event] = await ctx.app.services.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'run.created'))
    expect(event?.changes[0]?.userIds).toEqual(
      expect.arrayContaining([ctx.volunteer.id, ctx.recipient.id, ctx.otherRecipient.id, ctx.donor.id]),
    )
  })

  it('rides at the speed of the vehicle on the profile', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(5) })
    const now = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id])
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { vehicle: 'motorbike' },
      headers: { cookie: ctx.otherVolunteer.cookie },
    })
    expect(profile.statusCode, profile.body).toBe(200)
    expect(profile.json().vehicle).toBe('motorbike')
    const run = (await plan(ctx.otherVolunteer, { deliveryIds: [a.id] })).json()
    // No start given and no home point: the run starts at the pickup.
    const ride = (roadKm(BAKERY, east(5)) / TOWN_SPEED_KMH.motorbike) * 60
    expect(run.totalMinutes).toBe(Math.round(ride + 2 * MINUTES_PER_STOP))
  })

  it.each([
    [[], 'runs.errors.noDeliveries'],
    [Array.from({ length: 5 }, () => crypto.randomUUID()), 'runs.errors.tooManyDeliveries'],
    [
      ['0b0d5c1e-4e0a-4c11-9d6e-1a2b3c4d5e6f', '0b0d5c1e-4e0a-4c11-9d6e-1a2b3c4d5e6f'],
      'runs.errors.deliveryTwice',
    ],
    [['not-an-id'], 'runs.errors.unknownDelivery'],
    [[crypto.randomUUID()], 'runs.errors.unknownDelivery'],
  ])('refuses %j with 400 on deliveryIds (%s)', async (deliveryIds, key) => {
    const res = await plan(ctx.volunteer, { deliveryIds })
    expect(res.statusCode).toBe(400)
    expect(Object.values(res.json().error.fields as Record<string, { key: string }>)[0]?.key).toBe(key)
    expect(Object.keys(res.json().error.fields)[0]).toMatch(/^deliveryIds/)
  })

  it('refuses an order of stops that is not the run’s, or has a drop-off before its pickup', async () => {
    const a = await waitingDelivery()
    const res = await plan(ctx.volunteer, {
      deliveryIds: [a.id],
      order: [
        { deliveryId: a.id, kind: 'dropoff' },
        { deliveryId: a.id, kind: 'pickup' },
      ],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.order.key).toBe('runs.errors.badOrder')
    expect(await statusOf(a.id)).toMatchObject({ status: 'pending' })
  })

  it('refuses a delivery no longer waiting (409), one out of reach and an unverified volunteer (403)', async () => {
    const taken = await waitingDelivery(ctx.recipient, { title: 'Kottu' })
    expect((await step(taken.id, 'accept', ctx.otherVolunteer)).statusCode).toBe(200)
    const free = await waitingDelivery()
    const notWaiting = await plan(ctx.volunteer, { deliveryIds: [free.id, taken.id] })
    expect(notWaiting.statusCode).toBe(409)
    expect(notWaiting.json().error).toMatchObject({
      key: 'runs.errors.notWaiting',
      params: { title: 'Kottu', deliveryId: taken.id },
      message: '“Kottu” is no longer waiting for a volunteer.',
    })
    expect(await statusOf(free.id)).toMatchObject({ status: 'pending' })

    const far = await waitingDelivery(ctx.recipient, {
      pickupDistrict: 'Kandy',
      district: 'Jaffna',
      pickup: { lat: 7.2906, lng: 80.6337 },
      dropOff: { lat: 9.6615, lng: 80.0255 },
      title: 'Hoppers',
    })
    const outOfReach = await plan(ctx.volunteer, { deliveryIds: [free.id, far.id] })
    expect(outOfReach.statusCode).toBe(403)
    expect(outOfReach.json().error).toMatchObject({
      key: 'runs.errors.outOfReach',
      params: { title: 'Hoppers' },
    })
    const unverified = await plan(ctx.pendingVolunteer, { deliveryIds: [free.id] })
    expect(unverified.statusCode).toBe(403)
    expect(unverified.json().error.key).toBe('runs.errors.notVerified')
    expect((await plan(ctx.recipient, { deliveryIds: [free.id] })).json().error.key).toBe(
      'runs.errors.volunteersOnly',
    )
  })
})

describe('reach by distance', () => {
  it('refuses a delivery beyond the reach the volunteer set from their home point, and starts from home', async () => {
    const near = await waitingDelivery(ctx.recipient, { dropOff: east(1) })
    const far = await waitingDelivery(ctx.recipient, { dropOff: east(8), title: 'Pittu' })
    const home = east(-1)
    await ctx.app.services.db
      .update(users)
      .set({ homeLat: home.lat, homeLng: home.lng, reachKm: 5 })
      .where(eq(users.id, ctx.otherVolunteer.id))
    try {
      const refused = await plan(ctx.otherVolunteer, { deliveryIds: [near.id, far.id] })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error).toMatchObject({
        key: 'runs.errors.outOfReach',
        params: { title: 'Pittu' },
      })
      const run = (await plan(ctx.otherVolunteer, { deliveryIds: [near.id] })).json()
      expect(run.stops[0].legKm).toBeCloseTo(Math.round(roadKm(home, BAKERY) * 10) / 10, 5)
      expect(run.from).toBeNull()
    } finally {
      await ctx.app.services.db
        .update(users)
        .set({ homeLat: null, homeLng: null, reachKm: 10 })
        .where(eq(users.id, ctx.otherVolunteer.id))
    }
  })
})

describe('food still safe', () => {
  /** Cooked at room temperature: safe until `minutes` after now. */
  async function cooked(listingId: string, now: Date, minutes: number) {
    await ctx.app.services.db
      .update(listings)
      .set({
        preparedAt: new Date(now.getTime() - 60 * 60_000),
        storage: 'room',
        safeUntil: new Date(now.getTime() + minutes * 60_000),
      })
      .where(eq(listings.id, listingId))
  }

  it('refuses a run that would hand cooked food over after its safe time, by how many minutes', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(7), title: 'Chicken curry' })
    const now = new Date('2026-11-29T05:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id])
    await cooked(a.listingId, now, 15)
    const res = await plan(ctx.volunteer, { deliveryIds: [a.id], from: BAKERY })
    expect(res.statusCode).toBe(409)
    const arrival = MINUTES_PER_STOP + (roadKm(BAKERY, east(7)) / TOWN_SPEED_KMH['three-wheeler']) * 60
    expect(res.json().error).toMatchObject({
      key: 'runs.errors.foodUnsafe',
      params: { title: 'Chicken curry', deliveryId: a.id, minutes: Math.ceil(arrival - 15) },
    })
    expect(res.json().error.suggestedOrder).toBeUndefined()
    expect(await statusOf(a.id)).toMatchObject({ status: 'pending' })
  })

  it('refuses a drop-off later than its agreed time and half an hour', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(7), title: 'Parippu' })
    const now = new Date('2026-11-29T05:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id], -20)
    const res = await plan(ctx.volunteer, { deliveryIds: [a.id], from: BAKERY })
    expect(res.statusCode).toBe(409)
    const arrival = MINUTES_PER_STOP + (roadKm(BAKERY, east(7)) / TOWN_SPEED_KMH['three-wheeler']) * 60
    expect(res.json().error).toMatchObject({
      key: 'runs.errors.tooLate',
      params: { title: 'Parippu', minutes: Math.ceil(arrival - 10) },
    })
  })

  it('suggests the order that keeps the food safe, and plans it when the volunteer takes it', async () => {
    // The shortest drops the near home first; the far home's food would then be out too long.
    const far = await waitingDelivery(ctx.recipient, { dropOff: east(6), title: 'Lamprais' })
    const near = await waitingDelivery(ctx.otherRecipient, { pickup: east(0.01), dropOff: east(-3) })
    const now = new Date('2026-11-29T05:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [far.id])
    await dueAround(now, [near.id], 60)
    await cooked(far.listingId, now, 40)
    const refused = await plan(ctx.volunteer, { deliveryIds: [far.id, near.id], from: BAKERY })
    expect(refused.statusCode).toBe(409)
    const { key, suggestedOrder } = refused.json().error
    expect(key).toBe('runs.errors.foodUnsafe')
    const dropOffs = suggestedOrder.filter((s: { kind: string }) => s.kind === 'dropoff')
    expect(dropOffs[0].deliveryId).toBe(far.id)
    const res = await plan(ctx.volunteer, {
      deliveryIds: [far.id, near.id],
      from: BAKERY,
      order: suggestedOrder,
    })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('all or nothing', () => {
  it('gives a delivery two volunteers plan at once to one of them, and accepts nothing else of the other’s run', async () => {
    const shared = await waitingDelivery()
    const mine = await waitingDelivery()
    const theirs = await waitingDelivery()
    const now = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [shared.id, mine.id, theirs.id])
    const [first, second] = await Promise.all([
      plan(ctx.volunteer, { deliveryIds: [mine.id, shared.id] }),
      plan(ctx.otherVolunteer, { deliveryIds: [shared.id, theirs.id] }),
    ])
    const answers = [first, second].map((r) => r.statusCode).sort()
    expect(answers).toEqual([201, 409])
    const loser = first.statusCode === 409 ? first : second
    expect(['runs.errors.taken', 'runs.errors.notWaiting']).toContain(loser.json().error.key)
    expect(loser.json().error.params.deliveryId).toBe(shared.id)
    const loserOwn = first.statusCode === 409 ? mine : theirs
    expect(await statusOf(loserOwn.id)).toEqual({ status: 'pending', volunteerId: null })
  })

  it('accepts none of a run’s deliveries when one was taken between the check and the acceptance', async () => {
    const free = await waitingDelivery()
    const taken = await waitingDelivery()
    expect((await step(taken.id, 'accept', ctx.otherVolunteer)).statusCode).toBe(200)
    const [volunteer] = await ctx.app.services.db.select().from(users).where(eq(users.id, ctx.volunteer.id))
    const actor = { ...volunteer!, role: 'volunteer' as const, isVerified: true }
    await expect(
      ctx.app.services.db.transaction(async (tx) => {
        const { notAccepted } = await acceptDeliveriesFor(tx, [free.id, taken.id], actor, new Date())
        expect(notAccepted).toEqual([taken.id])
        throw new Error('rolled back, as a run does')
      }),
    ).rejects.toThrow('rolled back')
    expect(await statusOf(free.id)).toEqual({ status: 'pending', volunteerId: null })
  })
})

describe('on the road', () => {
  it('marks stops done by the delivery steps, tells the requester how many stops away, and completes', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(2) })
    const b = await waitingDelivery(ctx.otherRecipient, { pickup: east(0.1), dropOff: east(2.5) })
    const now = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id, b.id])
    const run = (await plan(ctx.volunteer, { deliveryIds: [a.id, b.id], from: BAKERY })).json()
    const order = run.stops.map((s: { deliveryId: string; kind: string }) => `${s.deliveryId}:${s.kind}`)
    expect(order).toEqual([`${a.id}:pickup`, `${b.id}:pickup`, `${a.id}:dropoff`, `${b.id}:dropoff`])

    const away = async (user: TestUser, id: string) => (await get(user, `/api/deliveries/${id}/run`)).json()
    expect(await away(ctx.otherRecipient, b.id)).toMatchObject({ stopsAway: 3, kind: 'dropoff' })
    expect(await away(ctx.donor, b.id)).toMatchObject({ stopsAway: 1, kind: 'pickup' })
    expect((await get(ctx.otherVolunteer, `/api/deliveries/${b.id}/run`)).statusCode).toBe(403)

    vi.setSystemTime(new Date(now.getTime() + 20 * 60_000))
    expect((await step(a.id, 'pick-up')).statusCode).toBe(200)
    const afterPickup = (await get(ctx.volunteer, `/api/runs/${run.id}`)).json()
    expect(afterPickup.stops[0].doneAt).not.toBeNull()
    // Late by the clock: the rest is timed again from the pickup.
    expect(Date.parse(afterPickup.stops[1].etaAt)).toBeGreaterThan(now.getTime() + 20 * 60_000)
    expect(await away(ctx.otherRecipient, b.id)).toMatchObject({ stopsAway: 2 })
    const [event] = await ctx.app.services.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'run.stopDone'))
    expect(event?.changes[0]?.userIds).toEqual(
      expect.arrayContaining([ctx.recipient.id, ctx.otherRecipient.id]),
    )

    expect((await step(b.id, 'pick-up')).statusCode).toBe(200)
    expect((await step(a.id, 'complete')).statusCode).toBe(200)
    expect(await away(ctx.recipient, a.id)).toBeNull()
    expect(await away(ctx.otherRecipient, b.id)).toMatchObject({ stopsAway: 0 })
    expect((await step(b.id, 'complete')).statusCode).toBe(200)
    const done = (await get(ctx.volunteer, `/api/runs/${run.id}`)).json()
    expect(done.status).toBe('completed')
    expect(done.completedAt).not.toBeNull()
    // Theirs to download, where they set off from included.
    const data = (await get(ctx.volunteer, '/api/me/data')).json()
    expect(data.runs.find((r: { id: string }) => r.id === run.id)).toMatchObject({
      from: BAKERY,
      status: 'completed',
    })

    // The one completed run of this file: 4 stops, its km over the 2 servings it delivered.
    const [row] = await ctx.app.services.db.select().from(runs).where(eq(runs.id, run.id))
    const impact = (await get(ctx.volunteer, '/api/impact')).json()
    expect(impact.volunteers).toMatchObject({
      stopsPerRun: 4,
      kmPerServing: Math.round((row!.totalKm / 2) * 100) / 100,
    })
    const dashboard = (await get(ctx.volunteer, '/api/dashboard/volunteer')).json()
    expect(dashboard.runs).toEqual({
      completed: 1,
      stopsPerRun: 4,
      kmPerServing: impact.volunteers.kmPerServing,
    })
    expect((await get(ctx.otherVolunteer, '/api/dashboard/volunteer')).json().runs).toEqual({
      completed: 0,
      stopsPerRun: null,
      kmPerServing: null,
    })
  })

  it('takes a handed-back delivery out of its run, and cancels a run with nothing left', async () => {
    const a = await waitingDelivery(ctx.recipient, { dropOff: east(2) })
    const b = await waitingDelivery(ctx.otherRecipient, { dropOff: east(3) })
    const now = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    await dueAround(now, [a.id, b.id])
    const run = (await plan(ctx.volunteer, { deliveryIds: [a.id, b.id] })).json()
    expect((await step(a.id, 'hand-back')).statusCode).toBe(200)
    const left = (await get(ctx.volunteer, `/api/runs/${run.id}`)).json()
    expect(left.stops.map((s: { deliveryId: string }) => s.deliveryId)).toEqual([b.id, b.id])
    expect(left.status).toBe('active')
    expect(await (await get(ctx.recipient, `/api/deliveries/${a.id}/run`)).json()).toBeNull()
    expect((await step(b.id, 'hand-back')).statusCode).toBe(200)
    expect((await get(ctx.volunteer, `/api/runs/${run.id}`)).json().status).toBe('cancelled')
  })
})
