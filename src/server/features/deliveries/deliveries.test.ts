import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { notifications } from '../../db/schema'
import { createTestApp, createUser, insertListing, type TestApp, type TestUser } from '../../test/harness'

let app: TestApp
let donor: TestUser
let recipient: TestUser
let colomboVolunteer: TestUser
let locationVolunteer: TestUser
let kandyVolunteer: TestUser

beforeAll(async () => {
  app = await createTestApp()
  donor = await createUser(app, { role: 'donor' })
  recipient = await createUser(app, { role: 'recipient', name: 'Saman' })
  colomboVolunteer = await createUser(app, { role: 'volunteer', district: 'Colombo', name: 'Kasun' })
  // Registered in Gampaha but living near Colombo: the location text names it.
  locationVolunteer = await createUser(app, {
    role: 'volunteer',
    district: 'Gampaha',
    location: 'Kelaniya, near Colombo',
  })
  kandyVolunteer = await createUser(app, { role: 'volunteer', district: 'Kandy', location: 'Peradeniya' })
})
afterAll(() => app.teardown())

const body = (overrides: Record<string, unknown> = {}) => ({
  address: '45 Maradana Road',
  city: 'Colombo 10',
  district: 'Colombo',
  postalCode: '01000',
  deliveryDate: sriLankaToday(),
  deliveryTime: '18:00',
  phone: '0771234567',
  specialInstructions: 'Blue gate',
  urgent: false,
  ...overrides,
})
const ask = (listingId: string, user: TestUser | null, payload: Record<string, unknown> = body()) =>
  app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/deliveries`,
    payload,
    headers: user ? { cookie: user.cookie } : {},
  })
const act = (id: string, action: string, user: TestUser) =>
  app.inject({ method: 'POST', url: `/api/deliveries/${id}/${action}`, headers: { cookie: user.cookie } })
const notified = async (user: TestUser, relatedId: string) =>
  (await app.services.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter(
    (n) => n.relatedId === relatedId,
  )

describe('requesting delivery', () => {
  it.each([
    ['Colombo', false, 200],
    ['Colombo', true, 300],
    ['Jaffna', false, 500],
    ['Nuwara Eliya', true, 450],
  ])('prices %s (urgent %s) at LKR %i, whatever the client sends', async (district, urgent, fee) => {
    const listing = await insertListing(app, donor.id)
    const res = await ask(listing.id, recipient, { ...body({ district, urgent }), fee: 1, deliveryFee: 1 })
    expect(res.statusCode).toBe(201)
    expect(res.json().fee).toBe(fee)
  })

  it('notifies the donor and the volunteers of that district (district or location), in one batch', async () => {
    const listing = await insertListing(app, donor.id, { title: 'Dhal curry' })
    const { id } = (await ask(listing.id, recipient)).json()
    expect(await notified(donor, id)).toHaveLength(1)
    const [note] = await notified(colomboVolunteer, id)
    expect(note).toMatchObject({ type: 'delivery_request', title: 'New Delivery Request' })
    expect(note?.message).toBe('A delivery of "Dhal curry" to Colombo 10, Colombo is needed (fee LKR 200).')
    expect(await notified(locationVolunteer, id)).toHaveLength(1)
    expect(await notified(kandyVolunteer, id)).toHaveLength(0)
  })

  it.each([
    [{ address: '' }, 'address', 'Please fill in all address fields.'],
    [{ city: '' }, 'city', 'Please fill in all address fields.'],
    [{ district: '' }, 'district', 'Please fill in all address fields.'],
    [{ deliveryDate: '' }, 'deliveryDate', 'Please select delivery date and time.'],
    [{ deliveryTime: '08:00' }, 'deliveryTime', 'Please select delivery date and time.'],
    [{ deliveryTime: '19:00' }, 'deliveryTime', 'Please select delivery date and time.'],
    [{ phone: '' }, 'phone', 'Please provide your phone number.'],
  ])('refuses %j with the spec message', async (overrides, field, message) => {
    const listing = await insertListing(app, donor.id)
    const res = await ask(listing.id, recipient, body(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field].message).toBe(message)
  })

  it('asks signed-out visitors to sign in', async () => {
    const listing = await insertListing(app, donor.id)
    const res = await ask(listing.id, null, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Please sign in to request delivery.')
  })
})

describe('the delivery lifecycle', () => {
  it('a volunteer accepts, picks up and completes; the requester hears each step and rates it', async () => {
    const listing = await insertListing(app, donor.id, { title: 'Bread' })
    const { id } = (await ask(listing.id, recipient)).json()
    const accepted = await act(id, 'accept', colomboVolunteer)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      status: 'assigned',
      volunteer: { id: colomboVolunteer.id, name: 'Kasun' },
    })
    expect((await notified(recipient, id)).map((n) => [n.type, n.title, n.message])).toContainEqual([
      'delivery_assigned',
      'Volunteer Assigned',
      'Kasun will handle the delivery to Colombo 10.',
    ])
    expect((await act(id, 'pick-up', colomboVolunteer)).json().status).toBe('in-progress')
    const done = await act(id, 'complete', colomboVolunteer)
    expect(done.json().status).toBe('completed')
    expect(done.json().completedAt).not.toBeNull()
    expect((await notified(recipient, id)).map((n) => [n.type, n.title, n.message])).toContainEqual([
      'delivery_completed',
      'Delivery Completed',
      'Your delivery to Colombo 10 was completed successfully.',
    ])
    const rate = (rating: number, user = recipient) =>
      app.inject({
        method: 'PUT',
        url: `/api/deliveries/${id}/rating`,
        headers: { cookie: user.cookie },
        payload: { rating },
      })
    expect((await rate(6)).statusCode).toBe(400)
    expect((await rate(5, colomboVolunteer)).statusCode).toBe(403)
    expect((await rate(5)).json().rating).toBe(5)
    expect((await rate(4)).statusCode).toBe(409)
  })

  it('of two volunteers accepting at once, exactly one wins; the other gets 409', async () => {
    const listing = await insertListing(app, donor.id)
    const { id } = (await ask(listing.id, recipient)).json()
    const [a, b] = await Promise.all([
      act(id, 'accept', colomboVolunteer),
      act(id, 'accept', locationVolunteer),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().error.message).toBe('This delivery has already been taken by another volunteer.')
  })

  it('refuses the wrong people and the wrong steps', async () => {
    const listing = await insertListing(app, donor.id)
    const { id } = (await ask(listing.id, recipient)).json()
    expect((await act(id, 'accept', recipient)).statusCode).toBe(403)
    expect((await act(id, 'complete', colomboVolunteer)).statusCode).toBe(403)
    await act(id, 'accept', colomboVolunteer)
    expect((await act(id, 'complete', kandyVolunteer)).statusCode).toBe(403)
    expect((await act(id, 'cancel', recipient)).statusCode).toBe(409)
    await act(id, 'complete', colomboVolunteer)
    const pickUpLate = await act(id, 'pick-up', colomboVolunteer)
    expect(pickUpLate.statusCode).toBe(409)
  })

  it('the requester may cancel while pending; it then leaves the available list', async () => {
    const listing = await insertListing(app, donor.id)
    const { id } = (await ask(listing.id, recipient)).json()
    const available = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/deliveries?as=available&size=50',
          headers: { cookie: kandyVolunteer.cookie },
        })
      )
        .json()
        .items.map((d: { id: string }) => d.id)
    expect(await available()).toContain(id)
    expect((await act(id, 'cancel', colomboVolunteer)).statusCode).toBe(403)
    expect((await act(id, 'cancel', recipient)).json().status).toBe('cancelled')
    expect(await available()).not.toContain(id)
  })

  it('lists available deliveries for volunteers only, their own district first', async () => {
    const listing = await insertListing(app, donor.id)
    await ask(listing.id, recipient, body({ district: 'Kandy', city: 'Kandy' }))
    const forKandy = await app.inject({
      method: 'GET',
      url: '/api/deliveries?as=available&size=50',
      headers: { cookie: kandyVolunteer.cookie },
    })
    expect(forKandy.json().items[0].district).toBe('Kandy')
    const forRecipient = await app.inject({
      method: 'GET',
      url: '/api/deliveries?as=available',
      headers: { cookie: recipient.cookie },
    })
    expect(forRecipient.statusCode).toBe(403)
  })
})

describe('personal data on a need-to-know basis', () => {
  const get = (url: string, user: TestUser) =>
    app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  /** Every way a contact detail or an exact address could show in an answer. */
  const secrets = (listingAddress: string) => [
    recipient.email,
    '0771234567',
    'Saman',
    '45 Maradana Road',
    '01000',
    'Blue gate',
    listingAddress,
  ]

  it('a volunteer who is not assigned sees the area, time and fee only; the assigned one sees everything', async () => {
    const listing = await insertListing(app, donor.id, { pickupAddress: '7 Temple Lane, Wellawatte' })
    const { id } = (await ask(listing.id, recipient)).json()

    const listed = (await get('/api/deliveries?as=available&size=50', kandyVolunteer))
      .json()
      .items.find((d: { id: string }) => d.id === id)
    const single = (await get(`/api/deliveries/${id}`, kandyVolunteer)).json()
    for (const view of [listed, single]) {
      expect(view).toMatchObject({
        city: 'Colombo 10',
        district: 'Colombo',
        fee: 200,
        requester: null,
        address: null,
        postalCode: null,
        phone: null,
        email: null,
        specialInstructions: null,
        listing: { pickupAddress: null, pickupCity: 'Colombo' },
      })
      for (const secret of secrets(listing.pickupAddress)) expect(JSON.stringify(view)).not.toContain(secret)
    }
    const [note] = await get('/api/notifications', colomboVolunteer).then((r) =>
      r.json().items.filter((n: { relatedId: string }) => n.relatedId === id),
    )
    expect(note).toMatchObject({ type: 'delivery_request' })
    for (const secret of secrets(listing.pickupAddress)) expect(JSON.stringify(note)).not.toContain(secret)

    const full = {
      requester: { id: recipient.id, name: 'Saman', email: recipient.email },
      address: '45 Maradana Road',
      postalCode: '01000',
      phone: '0771234567',
      specialInstructions: 'Blue gate',
      listing: { pickupAddress: '7 Temple Lane, Wellawatte' },
    }
    const accepted = await act(id, 'accept', colomboVolunteer)
    expect(accepted.json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, colomboVolunteer)).json()).toMatchObject(full)
    expect(
      (await get('/api/deliveries?as=volunteer&size=50', colomboVolunteer))
        .json()
        .items.find((d: { id: string }) => d.id === id),
    ).toMatchObject(full)
    // The requester and the donor keep seeing it all; another volunteer no longer sees it at all.
    expect((await get(`/api/deliveries/${id}`, recipient)).json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, donor)).json()).toMatchObject(full)
    expect((await get(`/api/deliveries/${id}`, kandyVolunteer)).statusCode).toBe(403)
  })
})
