/**
 * Where to collect food is need-to-know (policy 'listing.seeLocation', docs/decisions/0026-private-pickup-address.md): the
 * street address, postal code and the donor's phone and e-mail reach the donor, a requester whose
 * order is approved and the volunteer carrying a delivery of it; so does the exact pickup point
 * (everyone else has its ~500 m cell, docs/decisions/0070-places-are-points.md). Every kind of viewer reads every
 * endpoint that carries the listing, before approval, after it and after collection; the SSE stream
 * is read raw as well.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimBody, completeWithoutCode, deliveryBody } from '../test/bodies'
import { insertListing } from '../test/fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser, type TestUser } from '../test/users'

const SECRETS = {
  pickupAddress: '77 Jasmine Secret Lane',
  pickupPostalCode: '10350',
  contactPhone: '0719990001',
  contactEmail: 'kitchen-door@donor.test.ahara.lk',
}
/** The exact pickup point, in Wellawatte: six decimals, which no rounding or distance writes by chance. */
const POINT = { pickupLat: 6.873451, pickupLng: 79.859217 }
const SECRET_TEXTS = [...Object.values(SECRETS), String(POINT.pickupLat), String(POINT.pickupLng)]
const TITLE = 'Lamprais for the neighbourhood'
const CITY = 'Wellawatte'

const WHO = [
  'signedOut',
  'donor',
  'approvedRecipient',
  'pendingRecipient',
  'cancelledRecipient',
  'otherRecipient',
  'deliveryRequester',
  'volunteer',
  'otherVolunteer',
] as const
type Who = (typeof WHO)[number]
type Phase = 'before approval' | 'approved' | 'collected'

/**
 * Who may see the location in each phase: the approved requesters (a delivery's requester too, once
 * the donor approves its order) and the volunteer once they carry it.
 */
const ENTITLED: Record<Phase, Who[]> = {
  'before approval': ['donor'],
  approved: ['donor', 'approvedRecipient', 'deliveryRequester', 'volunteer'],
  collected: ['donor', 'approvedRecipient', 'deliveryRequester', 'volunteer'],
}

let app: TestApp
let users: Record<Exclude<Who, 'signedOut'>, TestUser>
let listingId: string
let claimOf: Partial<Record<Who, string>>
let deliveryId: string
/** The claim a delivery request places (docs/decisions/0027-delivery-is-part-of-an-order.md). */
let deliveryOrderId: string

const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  app.inject({
    method,
    url,
    payload,
    headers: who === 'signedOut' ? {} : { cookie: users[who].cookie },
  })

async function ok(method: 'POST', url: string, who: Who, payload?: object) {
  const res = await call(method, url, who, payload)
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res
}

/** 'shown' when every secret is in the answer, 'hidden' when none is; anything else is a leak. */
function visibility(body: string): 'shown' | 'hidden' | 'partial' {
  const found = SECRET_TEXTS.filter((s) => body.includes(s)).length
  return found === SECRET_TEXTS.length ? 'shown' : found === 0 ? 'hidden' : 'partial'
}

beforeAll(async () => {
  app = await createTestApp()
  const make = (role: 'donor' | 'recipient' | 'volunteer') => createUser(app, { role })
  users = {
    donor: await make('donor'),
    approvedRecipient: await make('recipient'),
    pendingRecipient: await make('recipient'),
    cancelledRecipient: await make('recipient'),
    otherRecipient: await make('recipient'),
    deliveryRequester: await make('recipient'),
    volunteer: await make('volunteer'),
    otherVolunteer: await make('volunteer'),
  }
  const listing = await insertListing(app, users.donor.id, {
    title: TITLE,
    pickupCity: CITY,
    ...SECRETS,
    ...POINT,
  })
  listingId = listing.id
  claimOf = {}
  for (const who of ['approvedRecipient', 'pendingRecipient', 'cancelledRecipient'] as const) {
    claimOf[who] = (await ok('POST', `/api/listings/${listingId}/claims`, who, claimBody())).json().id
  }
  const cancelled = await ok('POST', `/api/claims/${claimOf.cancelledRecipient}/cancel`, 'cancelledRecipient')
  expect(visibility(cancelled.body)).toBe('hidden')
  const delivery = (
    await ok('POST', `/api/listings/${listingId}/deliveries`, 'deliveryRequester', deliveryBody())
  ).json()
  deliveryId = delivery.id
  deliveryOrderId = delivery.order.id
})
afterAll(() => app.teardown())

type Endpoint = {
  url: () => string
  /** The viewers whose answer carries the listing in this phase (others must see no secret at all). */
  carries: (who: Who, phase: Phase) => boolean
}

const everyone = () => true
const ENDPOINTS: Endpoint[] = [
  { url: () => '/api/listings', carries: everyone },
  { url: () => `/api/listings?q=${encodeURIComponent('lamprais')}`, carries: everyone },
  { url: () => `/api/listings?donor=${users.donor.id}`, carries: everyone },
  { url: () => `/api/listings?sort=distance&near=Colombo`, carries: everyone },
  { url: () => `/api/listings?sort=distance&near=6.87,79.86&radiusKm=2`, carries: everyone },
  { url: () => `/api/listings/${listingId}`, carries: everyone },
  { url: () => '/api/home', carries: everyone },
  {
    url: () => '/api/claims?as=requester',
    carries: (who) =>
      ['approvedRecipient', 'pendingRecipient', 'cancelledRecipient', 'deliveryRequester'].includes(who),
  },
  { url: () => '/api/claims?as=donor', carries: (who) => who === 'donor' },
  ...(['claims', 'orders'] as const).map((path) => ({
    // Each requester reads their own order; the donor reads the approved one.
    url: () => `/api/${path}/${claimOf.approvedRecipient}`,
    carries: (who: Who) => who === 'donor' || who === 'approvedRecipient',
  })),
  ...(['pendingRecipient', 'cancelledRecipient'] as const).map((owner) => ({
    url: () => `/api/orders/${claimOf[owner]}`,
    carries: (who: Who) => who === owner || who === 'donor',
  })),
  // Volunteers see a delivery only once its order is approved; the waiting list is checked between.
  { url: () => '/api/deliveries?as=available', carries: () => false },
  {
    url: () => '/api/deliveries?as=volunteer',
    carries: (who, phase) => who === 'volunteer' && phase !== 'before approval',
  },
  { url: () => '/api/deliveries?as=requester', carries: (who) => who === 'deliveryRequester' },
  {
    url: () => `/api/deliveries/${deliveryId}`,
    carries: (who, phase) =>
      ['donor', 'deliveryRequester'].includes(who) || (who === 'volunteer' && phase !== 'before approval'),
  },
  // These never carry the location: map pins are public points for everyone, the donor too
  // (docs/decisions/0072-the-map-view.md); notifications keep no address, dashboards show the city.
  { url: () => `/api/listings/pins?near=6.87,79.86&radiusKm=2`, carries: () => false },
  { url: () => `/api/listings/pins?q=${encodeURIComponent('lamprais')}`, carries: () => false },
  { url: () => '/api/notifications', carries: () => false },
  ...(['donor', 'recipient', 'volunteer'] as const).map((role) => ({
    url: () => `/api/dashboard/${role}`,
    carries: () => false,
  })),
]

async function checkPhase(phase: Phase) {
  const problems: string[] = []
  for (const who of WHO) {
    const entitled = ENTITLED[phase].includes(who)
    for (const endpoint of ENDPOINTS) {
      const url = endpoint.url()
      const res = await call('GET', url, who)
      expect(res.statusCode, `${who} ${url}`).toBeLessThan(500)
      const seen = visibility(res.body)
      if (endpoint.carries(who, phase)) {
        if (res.statusCode !== 200 || !res.body.includes(CITY)) problems.push(`${who} ${url}: no listing`)
        else if (seen !== (entitled ? 'shown' : 'hidden')) problems.push(`${who} ${url}: ${seen}`)
      } else if (seen !== 'hidden') {
        problems.push(`${who} ${url}: ${seen} (should carry nothing)`)
      }
    }
  }
  expect(problems).toEqual([])
}

describe('the pickup location on every endpoint, for every viewer', () => {
  it('before approval: the donor only; everyone else sees the city and district', async () => {
    await checkPhase('before approval')
    const anonymous = (await call('GET', `/api/listings/${listingId}`, 'signedOut')).json()
    expect(anonymous).toMatchObject({
      pickupAddress: null,
      pickupPostalCode: null,
      contactPhone: null,
      contactEmail: null,
      pickupCity: CITY,
      pickupDistrict: 'Colombo',
    })
  })

  it('after the donor approves and a volunteer accepts: also that requester and that volunteer', async () => {
    const approved = await ok('POST', `/api/claims/${claimOf.approvedRecipient}/approve`, 'donor')
    expect(visibility(approved.body)).toBe('shown')
    await ok('POST', `/api/claims/${deliveryOrderId}/approve`, 'donor')
    // Waiting for a volunteer: every volunteer sees it, by its area only.
    for (const who of ['volunteer', 'otherVolunteer'] as const) {
      const waiting = await call('GET', '/api/deliveries?as=available', who)
      expect(waiting.body).toContain(CITY)
      expect(visibility(waiting.body)).toBe('hidden')
      const one = await call('GET', `/api/deliveries/${deliveryId}`, who)
      expect(one.statusCode).toBe(200)
      expect(visibility(one.body)).toBe('hidden')
    }
    const accepted = await ok('POST', `/api/deliveries/${deliveryId}/accept`, 'volunteer')
    expect(visibility(accepted.body)).toBe('shown')
    await checkPhase('approved')
    const mine = (await call('GET', `/api/listings/${listingId}`, 'approvedRecipient')).json()
    expect(mine).toMatchObject({ ...SECRETS, pickupPoint: { lat: POINT.pickupLat, lng: POINT.pickupLng } })
  })

  it('after collection and delivery: still them, still nobody else', async () => {
    await ok('POST', `/api/claims/${claimOf.approvedRecipient}/complete`, 'donor', completeWithoutCode)
    await ok('POST', `/api/deliveries/${deliveryId}/pick-up`, 'volunteer')
    const done = await ok('POST', `/api/deliveries/${deliveryId}/complete`, 'volunteer', completeWithoutCode)
    expect(visibility(done.body)).toBe('shown')
    await checkPhase('collected')
  })
})

describe('the live-update stream', () => {
  it('carries tables and ids only, never a location', async () => {
    const listing = await insertListing(app, users.donor.id, {
      title: TITLE,
      pickupCity: CITY,
      ...SECRETS,
      ...POINT,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const streams = await Promise.all(
      (['signedOut', 'otherRecipient', 'approvedRecipient'] as const).map(async (who) => {
        const controller = new AbortController()
        const res = await fetch(`${base}/api/stream`, {
          headers: who === 'signedOut' ? {} : { cookie: users[who].cookie },
          signal: controller.signal,
        })
        const reader = res.body!.getReader()
        let text = ''
        const reading = (async () => {
          try {
            for (;;) {
              const { value, done } = await reader.read()
              if (done) return
              text += new TextDecoder().decode(value)
            }
          } catch {
            // aborted
          }
        })()
        return { text: () => text, close: () => controller.abort(), reading }
      }),
    )
    const claim = (
      await ok('POST', `/api/listings/${listing.id}/claims`, 'approvedRecipient', claimBody())
    ).json().id
    await ok('POST', `/api/claims/${claim}/approve`, 'donor')
    const start = Date.now()
    while (!streams.every((s) => s.text().includes('"orders"') || s.text().includes('"listings"'))) {
      if (Date.now() - start > 5000) throw new Error('no event arrived')
      await new Promise((r) => setTimeout(r, 20))
    }
    for (const stream of streams) {
      stream.close()
      await stream.reading
      expect(visibility(stream.text())).toBe('hidden')
      for (const line of stream
        .text()
        .split('\n')
        .filter((l) => l.startsWith('data: '))) {
        expect(Object.keys(JSON.parse(line.slice(6))).sort()).toEqual(
          line.includes('"id"') ? ['id', 'table'] : ['table'],
        )
      }
    }
  })
})
