import { describe, expect, it } from 'vitest'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ volunteer: { role: 'volunteer' } })

const patch = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: ctx.volunteer.cookie }, payload })

describe('a profile’s home point and reach (PATCH /api/me)', () => {
  it('starts with no home point and a 10 km reach', async () => {
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: ctx.volunteer.cookie },
    })
    expect(me.json()).toMatchObject({ homePoint: null, reachKm: 10 })
  })

  it('sets the home point and reach, answers them on GET /api/me, and null clears the point', async () => {
    const home = { lat: 6.8511, lng: 79.8659 }
    const res = await patch({ homePoint: home, reachKm: 25 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ homePoint: home, reachKm: 25 })
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: ctx.volunteer.cookie },
    })
    expect(me.json()).toMatchObject({ homePoint: home, reachKm: 25 })
    expect((await patch({ homePoint: null })).json()).toMatchObject({ homePoint: null, reachKm: 25 })
  })

  it('refuses a point outside Sri Lanka and a reach outside 1–100 km, with the field’s key', async () => {
    const outside = await patch({ homePoint: { lat: 13.08, lng: 80.27 } })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().error.fields.homePoint.key).toBe('errors.pointOutsideSriLanka')
    for (const reachKm of [0, 101, 2.5, '10']) {
      const res = await patch({ reachKm })
      expect(res.statusCode, String(reachKm)).toBe(400)
      expect(res.json().error.fields.reachKm.key).toBe('errors.reachOutOfRange')
    }
  })
})

describe('an event’s venue point', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Dansal at the temple',
    description: 'Free rice and curry for everyone.',
    startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    address: 'Temple Road',
    city: 'Dehiwala',
    district: 'Colombo',
    ...overrides,
  })

  it('is public like the address, kept when an edit leaves it out, refused outside Sri Lanka', async () => {
    const point = { lat: 6.8567, lng: 79.8631 }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: ctx.volunteer.cookie },
      payload: body({ point }),
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id } = created.json()
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })
    expect(seen.json().point).toEqual(point)
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: { cookie: ctx.volunteer.cookie },
      payload: body({ title: 'Dansal at the old temple' }),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().point).toEqual(point)
    const outside = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: ctx.volunteer.cookie },
      payload: body({ point: { lat: 0, lng: 0 } }),
    })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().error.fields.point.key).toBe('errors.pointOutsideSriLanka')
  })
})
