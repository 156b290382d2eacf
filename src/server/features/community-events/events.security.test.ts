import { expect, it } from 'vitest'
import { events } from '../../db/schema'
import { eventBody } from '../../test/bodies'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ organizer: { role: 'volunteer' } })

const create = (overrides: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: {
      cookie: ctx.organizer.cookie,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
    },
    payload: JSON.stringify(eventBody(overrides)),
  })

it.each(['0x1', '1', '', true, [1], ['2'], 1.5])(
  'refuses maxAttendees %j with 400 and creates no event',
  async (maxAttendees) => {
    const res = await create({ maxAttendees })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.maxAttendees.key).toBe('events.errors.maxAttendeesInvalid')
    expect(await ctx.app.services.db.$count(events)).toBe(0)
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
  expect(await ctx.app.services.db.$count(events)).toBe(0)
})

it('takes no limit as null or left out', async () => {
  expect((await create({ maxAttendees: null })).json().maxAttendees).toBeNull()
  expect((await create({ maxAttendees: undefined })).json().maxAttendees).toBeNull()
})
