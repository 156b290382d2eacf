import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventAttendees, events, notifications } from '../../db/schema'
import { createTestApp, multipartFile, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

let app: TestApp
let organizer: TestUser
let guest: TestUser
beforeAll(async () => {
  app = await createTestApp()
  organizer = await createUser(app, { role: 'volunteer', name: 'Kasun Organizer' })
  guest = await createUser(app, { role: 'recipient', name: 'Saman Guest' })
})
afterAll(() => app.teardown())

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Beach clean-up',
  description: 'Clean the beach, then lunch from rescued food.',
  startsAt: inDays(5),
  address: 'Mount Lavinia Beach',
  city: 'Colombo',
  district: 'Colombo',
  maxAttendees: 20,
  ...overrides,
})

async function createEvent(user: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/api/events', user, eventBody(overrides))
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; attendeeCount: number; isOrganizer: boolean }
}

const join = (user: TestUser, id: string) =>
  app.inject({ method: 'POST', url: `/api/events/${id}/attendance`, headers: { cookie: user.cookie } })
const leave = (user: TestUser, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/events/${id}/attendance`, headers: { cookie: user.cookie } })

describe('creating and listing events', () => {
  it('creates an event whose creator is the organizer', async () => {
    const event = await createEvent(organizer)
    expect(event).toMatchObject({
      attendeeCount: 0,
      isOrganizer: true,
      maxAttendees: 20,
      district: 'Colombo',
    })
  })

  it('accepts a date and time as a datetime-local input gives it, read as Sri Lanka time', async () => {
    const local = new Date(Date.now() + 3 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 16)
    const res = await app.request(
      'POST',
      '/api/events',
      organizer,
      eventBody({ startsAt: local, district: '', maxAttendees: null }),
    )
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ district: null, maxAttendees: null })
    expect(res.json().startsAt).toBe(new Date(`${local}:00+05:30`).toISOString())
  })

  it.each([
    [{ title: ' ' }, 'title', 'Please enter the event title.'],
    [{ description: '' }, 'description', 'Please describe the event.'],
    [{ startsAt: inDays(-1) }, 'startsAt', 'The event must be in the future.'],
    [{ startsAt: 'next friday' }, 'startsAt', 'Please enter a valid date and time.'],
    [{ address: '' }, 'address', 'Please enter the address.'],
    [{ city: '' }, 'city', 'Please enter the city.'],
    [{ district: 'Atlantis' }, 'district', 'Please choose a district from the list.'],
    [{ maxAttendees: 0 }, 'maxAttendees', 'Maximum attendees must be a whole number of at least 1.'],
    [{ maxAttendees: 2.5 }, 'maxAttendees', 'Maximum attendees must be a whole number of at least 1.'],
  ])('refuses %j with the message by the field', async (overrides, field, message) => {
    const res = await app.request('POST', '/api/events', organizer, eventBody(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[field]).toMatchObject({ message })
  })

  it('needs a signed-in user and an image the organizer uploaded', async () => {
    const signedOut = await app.inject({ method: 'POST', url: '/api/events', payload: eventBody() })
    expect(signedOut.statusCode).toBe(401)
    const image = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#16a34a' },
    })
      .png()
      .toBuffer()
    const file = multipartFile(image, 'e.png', 'image/png')
    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: guest.cookie, ...file.headers },
      payload: file.payload,
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const borrowed = await app.request(
      'POST',
      '/api/events',
      organizer,
      eventBody({ imageUrl: upload.json().url }),
    )
    expect(borrowed.statusCode).toBe(400)
    const own = await app.request('POST', '/api/events', guest, eventBody({ imageUrl: upload.json().url }))
    expect(own.statusCode).toBe(201)
    expect(own.json().imageUrl).toBe(upload.json().url)
  })

  it('lists upcoming events only, soonest first, with the caller’s flags', async () => {
    const later = await createEvent(organizer, { title: 'Later event', startsAt: inDays(40) })
    const sooner = await createEvent(organizer, { title: 'Sooner event', startsAt: inDays(0.5) })
    const [past] = await app.database.db
      .insert(events)
      .values({
        organizerId: organizer.id,
        title: 'Past event',
        description: 'Over',
        startsAt: new Date(Date.now() - 86_400_000),
        address: 'x',
        city: 'Colombo',
      })
      .returning()
    const res = await app.request('GET', '/api/events?size=50', guest)
    expect(res.statusCode).toBe(200)
    const items = res.json().items as { id: string; startsAt: string; isOrganizer: boolean }[]
    const ids = items.map((e) => e.id)
    expect(ids).not.toContain(past!.id)
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id))
    const times = items.map((e) => e.startsAt)
    expect([...times].sort()).toEqual(times)
    expect(items.find((e) => e.id === sooner.id)?.isOrganizer).toBe(false)
  })
})

describe('editing an event', () => {
  it('lets the organizer edit and refuses everyone else with 403', async () => {
    const event = await createEvent(organizer)
    const edited = await app.request(
      'PUT',
      `/api/events/${event.id}`,
      organizer,
      eventBody({ title: 'Beach clean-up (new time)', maxAttendees: 30 }),
    )
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ title: 'Beach clean-up (new time)', maxAttendees: 30 })

    const stranger = await app.request(
      'PUT',
      `/api/events/${event.id}`,
      guest,
      eventBody({ title: 'Hijacked' }),
    )
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().error.message).toBe('Only the organizer can do that.')
    const signedOut = await app.request('PUT', `/api/events/${event.id}`, null, eventBody())
    expect(signedOut.statusCode).toBe(401)
    const [row] = await app.database.db.select().from(events).where(eq(events.id, event.id))
    expect(row?.title).toBe('Beach clean-up (new time)')
  })

  it('refuses a maximum below the people already attending', async () => {
    const event = await createEvent(organizer, { maxAttendees: 5 })
    expect((await join(guest, event.id)).statusCode).toBe(200)
    const other = await createUser(app)
    expect((await join(other, event.id)).statusCode).toBe(200)
    const res = await app.request('PUT', `/api/events/${event.id}`, organizer, eventBody({ maxAttendees: 1 }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('2 people already attend: the maximum cannot be lower.')
  })

  it('answers 404 for an unknown event', async () => {
    const res = await app.request(
      'PUT',
      '/api/events/00000000-0000-4000-8000-000000000000',
      organizer,
      eventBody(),
    )
    expect(res.statusCode).toBe(404)
  })
})

describe('joining and leaving', () => {
  const notificationsOf = (userId: string, eventId: string) =>
    app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, eventId)))

  it('joins, notifies the organizer and the attendee, and leaves', async () => {
    const event = await createEvent(organizer, { title: 'Food safety workshop' })
    const joined = await join(guest, event.id)
    expect(joined.statusCode).toBe(200)
    expect(joined.json()).toMatchObject({ attendeeCount: 1, attending: true, isOrganizer: false })

    const toOrganizer = await notificationsOf(organizer.id, event.id)
    expect(toOrganizer).toEqual([
      expect.objectContaining({
        type: 'event_joined',
        title: 'New Event Attendee!',
        message: 'Saman Guest joined your event "Food safety workshop"',
        params: { actor: 'Saman Guest', title: 'Food safety workshop' },
        isRead: false,
      }),
    ])
    expect(await notificationsOf(guest.id, event.id)).toEqual([
      expect.objectContaining({
        type: 'event_joined_confirmation',
        title: 'Event Joined Successfully!',
        message: 'You have successfully joined: Food safety workshop',
      }),
    ])

    // Joining again changes nothing and notifies nobody.
    const again = await join(guest, event.id)
    expect(again.json()).toMatchObject({ attendeeCount: 1, attending: true })
    expect(await notificationsOf(organizer.id, event.id)).toHaveLength(1)

    const left = await leave(guest, event.id)
    expect(left.statusCode).toBe(200)
    expect(left.json()).toMatchObject({ attendeeCount: 0, attending: false })
    const afterLeave = await notificationsOf(organizer.id, event.id)
    expect(afterLeave.map((n) => [n.type, n.title, n.message])).toContainEqual([
      'event_left',
      'Someone Left Your Event',
      'Saman Guest left your event "Food safety workshop"',
    ])

    // Leaving when not attending: nothing changes, the count stays at 0.
    const leftAgain = await leave(guest, event.id)
    expect(leftAgain.json()).toMatchObject({ attendeeCount: 0, attending: false })
    expect(await notificationsOf(organizer.id, event.id)).toHaveLength(2)
  })

  it('refuses signed-out visitors, the organizer and unknown events', async () => {
    const event = await createEvent(organizer)
    const signedOut = await app.inject({ method: 'POST', url: `/api/events/${event.id}/attendance` })
    expect(signedOut.statusCode).toBe(401)
    const own = await join(organizer, event.id)
    expect(own.statusCode).toBe(403)
    expect((await leave(organizer, event.id)).statusCode).toBe(403)
    const unknown = await join(guest, '00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    const badId = await join(guest, 'not-a-uuid')
    expect(badId.statusCode).toBe(400)
  })

  it('lets 20 of 50 people join an event of 20 at once; the other 30 get 409', async () => {
    const event = await createEvent(organizer, { maxAttendees: 20 })
    const people: TestUser[] = []
    for (let i = 0; i < 5; i++) {
      people.push(...(await Promise.all(Array.from({ length: 10 }, () => createUser(app)))))
    }
    const answers = await Promise.all(people.map((p) => join(p, event.id)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.filter((s) => s === 409)).toHaveLength(30)
    const full = answers.find((a) => a.statusCode === 409)!
    expect(full.json().error).toMatchObject({ code: 'conflict', message: 'This event is full.' })
    const rows = await app.database.db
      .select()
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, event.id))
    expect(rows).toHaveLength(20)
    const res = await app.inject({ method: 'GET', url: `/api/events/${event.id}` })
    expect(res.json().attendeeCount).toBe(20)
  }, 120_000)
})

describe('attendees', () => {
  it('shows name, e-mail and role to the organizer only', async () => {
    const event = await createEvent(organizer)
    await join(guest, event.id)
    const res = await app.request('GET', `/api/events/${event.id}/attendees`, organizer)
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: guest.id, name: 'Saman Guest', email: guest.email, role: 'recipient' }),
    ])
    const other = await app.request('GET', `/api/events/${event.id}/attendees`, guest)
    expect(other.statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/attendees` })).statusCode).toBe(
      401,
    )
  })
})
