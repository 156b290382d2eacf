import { describe, expect, it } from 'vitest'
import { eventBody } from '../../test/bodies'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  temple: { role: 'recipient', name: 'Gangaramaya Dayaka Sabha', district: 'Colombo' },
  visitor: { role: 'recipient', district: 'Galle' },
})

const create = (user: TestUser, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: user.cookie }, payload: body })
const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/events${query}` })
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()

describe('dansal stalls', () => {
  it('are events of kind dansal, listed alone with kind=dansal, soonest first, and by district', async () => {
    const general = await create(ctx.temple, eventBody({ title: 'Beach clean-up' }))
    expect(general.statusCode).toBe(201)
    expect(general.json()).toMatchObject({ kind: 'general', volunteersWanted: false })
    const kottu = await create(
      ctx.temple,
      eventBody({ title: 'Kottu dansal', kind: 'dansal', startsAt: days(3), volunteersWanted: true }),
    )
    expect(kottu.json()).toMatchObject({ kind: 'dansal', volunteersWanted: true })
    await create(
      ctx.temple,
      eventBody({
        title: 'Ice coffee dansal',
        kind: 'dansal',
        startsAt: days(2),
        district: 'Galle',
        city: 'Galle',
      }),
    )

    const stalls = (await list('?kind=dansal')).json()
    expect(stalls.items.map((e: { title: string }) => e.title)).toEqual(['Ice coffee dansal', 'Kottu dansal'])
    const nearGalle = (await list('?kind=dansal&district=Galle')).json()
    expect(nearGalle.items.map((e: { title: string }) => e.title)).toEqual(['Ice coffee dansal'])
    const all = (await list('')).json()
    expect(all.items.map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining(['Beach clean-up', 'Kottu dansal', 'Ice coffee dansal']),
    )
  })

  it('refuses an unknown kind or district with a 400, creating nothing', async () => {
    expect((await list('?kind=party')).statusCode).toBe(400)
    expect((await list('?kind=dansal&district=Atlantis')).statusCode).toBe(400)
    const bad = await create(ctx.temple, eventBody({ title: 'Odd', kind: 'party' }))
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('events.errors.kindInvalid')
    expect((await list('')).json().items.map((e: { title: string }) => e.title)).not.toContain('Odd')
  })
})
