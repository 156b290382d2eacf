import { afterAll, beforeAll, expect, it } from 'vitest'
import { events } from '../../db/schema'
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/harness'

let app: TestApp
let organizer: TestUser

beforeAll(async () => {
  app = await createTestApp()
  organizer = await createUser(app, { role: 'volunteer' })
})
afterAll(() => app.teardown())

const create = (overrides: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/events',
    headers: {
      cookie: organizer.cookie,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
    },
    payload: JSON.stringify({
      title: 'Beach clean-up',
      description: 'Clean the beach, then lunch.',
      startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      address: 'Mount Lavinia Beach',
      city: 'Colombo',
      district: 'Colombo',
      maxAttendees: 20,
      ...overrides,
    }),
  })

it.each(['0x1', '1', '', true, [1], ['2'], 1.5])(
  'refuses maxAttendees %j with 400 and creates no event',
  async (maxAttendees) => {
    const res = await create({ maxAttendees })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.maxAttendees.key).toBe('events.errors.maxAttendeesInvalid')
    expect(await app.services.db.$count(events)).toBe(0)
  },
)

it.each([
  '0000-01-01T10:00',
  '10000-01-01T10:00',
  '+010000-01-01T10:00:00.000Z',
  '9999-12-31T23:59:59-05:00',
  '2027-02-30T10:00',
])('refuses the impossible start %s with 400', async (startsAt) => {
  const res = await create({ startsAt })
  expect(res.statusCode).toBe(400)
  expect(res.json().error.fields.startsAt.key).toBe('events.errors.dateInvalid')
  expect(await app.services.db.$count(events)).toBe(0)
})

it('takes no limit as null or left out', async () => {
  expect((await create({ maxAttendees: null })).json().maxAttendees).toBeNull()
  expect((await create({ maxAttendees: undefined })).json().maxAttendees).toBeNull()
})
