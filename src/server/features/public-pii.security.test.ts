/**
 * Public answers never carry e-mail addresses, phone numbers or an exact point (a pickup place, a
 * drop-off, a home: docs/decisions/0070-places-are-points.md; the public has approxPoint). The demo community (users with
 * e-mails and phones, listings, claims, requests, deliveries, events with attendees, stories) is
 * seeded, then every GET route the app documents is asked, signed out, from an outside address, with
 * its path parameters filled with real ids of every kind and every value of its enum query parameters.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedDemo } from '../db/demo-community/seed'
import {
  claims,
  deliveries,
  eventAttendees,
  events,
  foodRequests,
  listings,
  mailOutbox,
  notifications,
  stories,
  users,
} from '../db/schema'
import { deliveryBody, pickupFor } from '../test/bodies'
import { createTestApp, type TestApp } from '../test/harness'
import { signIn } from '../test/users'

/** Server-Sent Events: the answer stays open (it carries table names and ids, no rows). */
const STREAMING = new Set(['/api/stream'])
/** better-auth's routes are one hidden wildcard; these are its GETs. */
const AUTH_GETS = ['/api/auth/get-session', '/api/auth/list-sessions', '/api/auth/list-accounts']

type OpenApiParameter = { in: string; name: string; schema?: { enum?: unknown[] } }
type OpenApi = { paths: Record<string, { get?: { parameters?: OpenApiParameter[] } }> }

let app: TestApp
let secrets: string[]
/** Every private point's coordinates as an answer would write them. */
let points: string[]
let ids: string[]
let listingIds: string[]

beforeAll(async () => {
  app = await createTestApp()
  const db = app.services.db
  expect(await seedDemo(app.services)).toBe(true)
  // Mail in the outbox (a reset link), and fresh private rows through the API: a claim, a request and a delivery, with notifications.
  const saman = await signIn(app, 'saman@demo.ahara.lk', 'ahara-demo-2026')
  const open = await db.select().from(listings).where(eq(listings.status, 'available'))
  const free = open.find((l) => l.type === 'free' && l.quantity > 1)!
  const halfPrice = open.find((l) => l.type === 'half-price' && l.quantity > 1)!
  // The first delivery time the demo food allows, whatever the clock says.
  const deliveryTimeFor = (listing: typeof free) => {
    const { deliveryDate, deliveryTime } = deliveryBody({}, listing)
    return { deliveryDate, deliveryTime }
  }
  for (const [url, payload] of [
    ['/api/password-resets', { email: 'fathima@demo.ahara.lk' }],
    [
      `/api/listings/${free.id}/claims`,
      { quantity: 1, ...pickupFor(free), contactMethod: 'phone', phone: '0779876543' },
    ],
    [
      `/api/listings/${halfPrice.id}/food-requests`,
      { quantity: 1, ...pickupFor(halfPrice), paymentMethod: 'cash', phone: '0779876544' },
    ],
    [
      `/api/listings/${free.id}/deliveries`,
      {
        quantity: 1,
        address: '9 Secret Lane',
        city: 'Colombo 05',
        district: 'Colombo',
        ...deliveryTimeFor(free),
        phone: '0779876545',
        specialInstructions: 'Ring twice',
      },
    ],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload, headers: { cookie: saman.cookie } })
    expect(res.statusCode, res.body).toBeLessThan(300)
  }
  // The reset mail is sent without waiting for it.
  await vi.waitFor(async () => expect(await db.select().from(mailOutbox)).not.toEqual([]))
  const contacts = await Promise.all([
    db.select({ email: users.email, phone: users.phone }).from(users),
    db.select({ email: claims.email, phone: claims.phone }).from(claims),
    db.select({ email: foodRequests.email, phone: foodRequests.phone }).from(foodRequests),
    db.select({ email: deliveries.email, phone: deliveries.phone }).from(deliveries),
  ])
  secrets = [...new Set(contacts.flat().flatMap((c) => [c.email, c.phone].filter((v): v is string => !!v)))]
  const placed = await Promise.all([
    db.select({ lat: listings.pickupLat, lng: listings.pickupLng }).from(listings),
    db.select({ lat: deliveries.dropOffLat, lng: deliveries.dropOffLng }).from(deliveries),
    db.select({ lat: users.homeLat, lng: users.homeLng }).from(users),
  ])
  points = [
    ...new Set(
      placed
        .flat()
        .flatMap((p) => [p.lat, p.lng])
        .filter((v): v is number => v !== null)
        .map(String),
    ),
  ]
  listingIds = (await db.select({ id: listings.id }).from(listings)).map((r) => r.id)
  const idLists = await Promise.all([
    db.select({ id: users.id }).from(users),
    db.select({ id: listings.id }).from(listings),
    db.select({ id: claims.id }).from(claims),
    db.select({ id: foodRequests.id }).from(foodRequests),
    db.select({ id: deliveries.id }).from(deliveries),
    db.select({ id: events.id }).from(events),
    db.select({ id: stories.id }).from(stories),
    db.select({ id: notifications.id }).from(notifications),
  ])
  ids = idLists.flatMap((rows) => rows.slice(0, 4).map((r) => r.id))
  const attendees = await db.select().from(eventAttendees)
  // The walk is only meaningful on a dataset where every kind of private row exists.
  expect(secrets.length).toBeGreaterThan(20)
  // The demo's points have six decimals: no rounding or distance can write them by chance.
  expect(points.length).toBeGreaterThan(20)
  expect(points.every((p) => p.split('.')[1]!.length === 6)).toBe(true)
  expect(attendees.length).toBeGreaterThan(0)
  expect(idLists.every((rows) => rows.length > 0)).toBe(true)
})
afterAll(() => app.teardown())

/** Every URL to ask: each documented GET path with real ids and each enum query value. */
function publicUrls(): string[] {
  const doc = app.swagger() as unknown as OpenApi
  const urls: string[] = [...AUTH_GETS]
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!item.get || STREAMING.has(path)) continue
    const params = item.get.parameters ?? []
    const filled = path.includes('{') ? ids.map((id) => path.replace(/\{[^}]+\}/g, id)) : [path]
    const queries = [
      '',
      ...params
        .filter((p) => p.in === 'query')
        .flatMap((p) =>
          p.schema?.enum
            ? p.schema.enum.map((v) => `${p.name}=${encodeURIComponent(String(v))}`)
            : // Free values: try them with real ids (listings?donor=<user id>, for one).
              ids.slice(0, 4).map((id) => `${p.name}=${id}`),
        ),
    ]
    for (const url of filled) for (const query of queries) urls.push(query ? `${url}?${query}` : url)
  }
  // Near the demo's food, by a point and by a district; each listing's page (its OG tags).
  for (const near of ['6.8512,79.8659', '6.9328,79.8441', '7.2931,80.6353', 'Colombo']) {
    urls.push(`/api/listings?near=${near}&sort=distance&radiusKm=100&size=50`)
  }
  for (const id of listingIds) urls.push(`/listings/${id}`)
  return urls
}

/** Keys named e-mail or phone holding a value, anywhere in an answer. */
function contactKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => contactKeys(v, `${path}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => [
      ...(/e-?mail|phone/i.test(key) && v !== null && v !== '' && typeof v !== 'object'
        ? [`${path}.${key}`]
        : []),
      ...contactKeys(v, `${path}.${key}`),
    ])
  }
  return []
}

describe('public answers', () => {
  it('carry no e-mail address, phone number or exact point, on any GET route, signed out', async () => {
    const urls = publicUrls()
    expect(urls.length).toBeGreaterThan(200)
    expect(urls).toContain('/api/events')
    const leaks: string[] = []
    let answered = 0
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })
      expect(res.statusCode, url).toBeLessThan(500)
      if (res.statusCode === 200) answered += 1
      const body = res.body
      for (const secret of [...secrets, ...points]) if (body.includes(secret)) leaks.push(`${url}: ${secret}`)
      if (res.headers['content-type']?.toString().includes('json')) {
        for (const key of contactKeys(JSON.parse(body))) leaks.push(`${url}: ${key}`)
      }
    }
    expect(leaks).toEqual([])
    // Many routes answer 200 signed out (listings, events, stories, community, home, impact...).
    expect(answered).toBeGreaterThan(50)
  })
})

describe('the development mailbox', () => {
  it('answers a browser on this machine only (it holds reset links and addresses)', async () => {
    const local = await app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(local.statusCode).toBe(200)
    expect(local.body).toContain('fathima@demo.ahara.lk')
    const proxied = await app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(proxied.statusCode).toBe(404)
    const remote = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '203.0.113.7' })
    expect(remote.statusCode).toBe(404)
  })
})
