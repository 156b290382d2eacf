import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../app'
import { openDatabase } from '../db/client'
import { claimBody, listingBody } from '../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'

/** Reads Server-Sent Events from a running instance into an array. */
async function openStream(baseUrl: string, cookie?: string) {
  const controller = new AbortController()
  const events: { table: string; at: number }[] = []
  const response = await fetch(`${baseUrl}/api/stream`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  })
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data)
            events.push({ ...(JSON.parse(data.slice(6)) as { table: string }), at: performance.now() })
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted
    }
  })()
  return { events, close: () => controller.abort() }
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for an event')
    await new Promise((r) => setTimeout(r, 10))
  }
}

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient' },
  bystander: { role: 'recipient' },
})
let baseUrl: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
})

describe('realtime stream', () => {
  it('tells the donor of a claim at once; private changes reach only their users', async () => {
    const donorStream = await openStream(baseUrl, ctx.donor.cookie)
    const bystanderStream = await openStream(baseUrl, ctx.bystander.cookie)
    const visitorStream = await openStream(baseUrl)
    try {
      await until(() => ctx.app.services.realtime.clientCount() === 3)
      const listing = await insertListing(ctx.app, ctx.donor.id)
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/claims`,
        headers: { cookie: ctx.recipient.cookie },
        payload: claimBody(),
      })
      expect(res.statusCode).toBe(201)
      await until(() => donorStream.events.some((e) => e.table === 'notifications'))
      expect(donorStream.events.map((e) => e.table)).toEqual(
        expect.arrayContaining(['orders', 'notifications', 'listings']),
      )
      // Everyone hears that listings changed; nobody else hears of the order or the notification.
      await until(() => visitorStream.events.some((e) => e.table === 'listings'))
      for (const stream of [bystanderStream, visitorStream]) {
        expect(stream.events.map((e) => e.table)).not.toContain('notifications')
        expect(stream.events.map((e) => e.table)).not.toContain('orders')
      }
    } finally {
      donorStream.close()
      bystanderStream.close()
      visitorStream.close()
    }
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('realtime across two instances on one PostgreSQL', () => {
  let second: App
  let secondUrl: string
  let database: Awaited<ReturnType<typeof openDatabase>>

  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: ctx.app.database.url!, poolSize: 5 })
    second = await buildApp({ config: ctx.app.services.config, database })
    await second.listen({ port: 0, host: '127.0.0.1' })
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`
  })
  // The pool closes only once the instance, its job queue included, has stopped: a job the claim's
  // events started must not find it ended.
  afterAll(async () => {
    await second.close()
    await database.close()
  })

  it('a claim made through instance A reaches an SSE client of instance B', async () => {
    const stream = await openStream(secondUrl, ctx.donor.cookie)
    try {
      await until(() => second.services.realtime.clientCount() === 1)
      const listing = await insertListing(ctx.app, ctx.donor.id)
      const sentAt = performance.now()
      const res = await fetch(`${baseUrl}/api/listings/${listing.id}/claims`, {
        method: 'POST',
        headers: {
          cookie: ctx.recipient.cookie,
          'content-type': 'application/json',
          origin: ctx.app.services.config.publicUrl,
        },
        body: JSON.stringify(claimBody()),
      })
      expect(res.status).toBe(201)
      // The order's change and the donor's bell come as separate deliveries, in either order (0044).
      await until(() =>
        ['orders', 'notifications'].every((table) => stream.events.some((e) => e.table === table)),
      )
      const first = stream.events.find((e) => e.table === 'orders')!
      const latency = first.at - sentAt
      console.log(
        `realtime: claim via instance A -> SSE on instance B in ${latency.toFixed(1)} ms (includes the claim)`,
      )
      expect(stream.events.map((e) => e.table)).toContain('notifications')
    } finally {
      stream.close()
    }
  })
})

describe('live listings (docs/decisions/0063-live-listings.md)', () => {
  it('a visitor hears a listing posted, edited and expired by the sweep', async () => {
    const visitor = await openStream(baseUrl)
    try {
      await until(() => ctx.app.services.realtime.clientCount() === 1)
      const heard = () => visitor.events.filter((e) => e.table === 'listings').length
      const body = listingBody(
        (await categoryIds(ctx.app))['rice-curry']!,
        await uploadImage(ctx.app, ctx.donor),
      )
      const posted = await ctx.app.inject({
        method: 'POST',
        url: '/api/listings',
        headers: { cookie: ctx.donor.cookie },
        payload: body,
      })
      expect(posted.statusCode).toBe(201)
      await until(() => heard() === 1)
      const listing = posted.json() as { id: string; version: number }
      const edited = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/listings/${listing.id}`,
        headers: { cookie: ctx.donor.cookie },
        payload: { ...body, title: 'Kiribath, fresh', version: listing.version },
      })
      expect(edited.statusCode).toBe(200)
      await until(() => heard() === 2)
      await insertListing(ctx.app, ctx.donor.id, { expiresAt: new Date(Date.now() - 60_000) })
      expect(await ctx.app.services.expirySweep.runNow()).toBeGreaterThan(0)
      await ctx.app.services.outbox.settle()
      await until(() => heard() === 3)
      // A sweep with nothing to expire announces nothing.
      expect(await ctx.app.services.expirySweep.runNow()).toBe(0)
      await ctx.app.services.outbox.settle()
      await new Promise((r) => setTimeout(r, 100))
      expect(heard()).toBe(3)
    } finally {
      visitor.close()
    }
  })
})
