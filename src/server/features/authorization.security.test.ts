import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { notInArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Actor } from '../../shared/actor'
import { COOKED_CATEGORIES } from '../../shared/food-safety'
import { monthKey, monthStart } from '../../shared/impact'
import { ACTIONS, type Action, type Refusal, type ResourceArgs, refusal } from '../../shared/policy'
import type { SignUpRole } from '../../shared/reference-data'
import { categories, notifications } from '../db/schema'
import {
  claimBody,
  completeWithoutCode,
  deliveryBody,
  eventBody,
  foodRequestBody,
  listingBody,
  standingOfferBody,
} from '../test/bodies'
import { insertListing, pngUpload, uploadImage } from '../test/fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser, type TestUser } from '../test/users'
import { changeRole } from './moderation/roles'

/**
 * The authorization matrix, generated from the policy: for every action of src/shared/policy.ts,
 * every kind of actor does it through the API on a fresh resource. `refusal()` is the oracle: an
 * allowed actor succeeds, a refused one gets the policy's status and message key.
 *
 * The parties of each resource: `donor` donates, `recipient` asks (claims, requests, deliveries) and
 * writes stories, `volunteer` delivers and organizes events. `otherDonor`, `otherRecipient` and
 * `otherVolunteer` are strangers of the same roles; `pendingVolunteer` waits for a moderator to
 * verify them (docs/decisions/0038-trust-ratings-fair-use.md).
 */

const WHO = [
  'signedOut',
  'donor',
  'otherDonor',
  'recipient',
  'otherRecipient',
  'volunteer',
  'otherVolunteer',
  'pendingVolunteer',
  'moderator',
] as const
type Who = (typeof WHO)[number]
type User = TestUser & { actor: Actor; image: string }
type Users = Record<Exclude<Who, 'signedOut'>, User>
type Response = LightMyRequestResponse

let app: TestApp
let users: Users
let categoryId: string

beforeAll(async () => {
  app = await createTestApp()
  // A moderator is made by the operator's command, never at sign-up.
  const makeModerator = async () => {
    const user = await createUser(app, { role: 'recipient' })
    await changeRole(app.services.db, user.email, 'moderator')
    const actor: Actor = { id: user.id, role: 'moderator' }
    return { ...user, actor, image: await uploadImage(app, user) }
  }
  const make = async (role: SignUpRole, verified = true) => {
    const user = await createUser(app, { role, verified })
    const isVerified = role === 'volunteer' && verified
    // createUser's place: a Colombo 07 address in Colombo, which a volunteer's reach is read from.
    const actor: Actor = { id: user.id, role, isVerified, district: 'Colombo', location: 'Colombo 07' }
    return { ...user, actor, image: await uploadImage(app, user) }
  }
  users = {
    donor: await make('donor'),
    otherDonor: await make('donor'),
    recipient: await make('recipient'),
    otherRecipient: await make('recipient'),
    volunteer: await make('volunteer'),
    otherVolunteer: await make('volunteer'),
    pendingVolunteer: await make('volunteer', false),
    moderator: await makeModerator(),
  }
  // A category without the cooked-food clock: the fixtures' listings carry no preparedAt.
  const [category] = await app.services.db
    .select({ id: categories.id })
    .from(categories)
    .where(notInArray(categories.slug, [...COOKED_CATEGORIES]))
    .limit(1)
  categoryId = category!.id
})
afterAll(() => app.teardown())

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: User | null,
  payload?: object,
) {
  return app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} })
}

/** Calls that set a resource up; they must succeed. */
async function setUp(method: 'POST', url: string, user: User, payload?: object): Promise<string> {
  const res = await call(method, url, user, payload)
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json().id
}

/** A browser's push subscription, on a port of this machine where nothing listens (demo mode accepts loopback). */
function pushDevice() {
  const ecdh = createECDH('prime256v1')
  return {
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    keys: { p256dh: ecdh.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

const storyBody = { title: 'Bread every morning', category: 'success', body: 'Fresh bread for 30 children.' }

async function freeListing() {
  return insertListing(app, users.donor.id)
}
async function halfPriceListing() {
  return insertListing(app, users.donor.id, { type: 'half-price', price: 100 })
}

/**
 * A delivery of the donor's food asked by `requester`, approved by the donor (unless `approved` is
 * false); accepted by the volunteer when `assigned`, picked up and delivered when `completed`.
 * Colombo to Colombo, within every volunteer's reach, unless `ends` says otherwise.
 */
async function delivery({
  requester = users.recipient,
  status = 'pending',
  approved = true,
  ends = { pickupDistrict: 'Colombo', district: 'Colombo' },
}: {
  requester?: User
  status?: 'pending' | 'assigned' | 'completed'
  approved?: boolean
  ends?: { pickupDistrict: string; district: string }
} = {}) {
  const listing = await insertListing(app, users.donor.id, { pickupDistrict: ends.pickupDistrict })
  const res = await call(
    'POST',
    `/api/listings/${listing.id}/deliveries`,
    requester,
    deliveryBody({ urgent: false, district: ends.district }),
  )
  if (res.statusCode !== 201) throw new Error(`ask for delivery: ${res.statusCode} ${res.body}`)
  const { id, order } = res.json()
  if (approved) await setUp('POST', `/api/claims/${order.id}/approve`, users.donor)
  if (status !== 'pending') await setUp('POST', `/api/deliveries/${id}/accept`, users.volunteer)
  if (status === 'completed') {
    await setUp('POST', `/api/deliveries/${id}/pick-up`, users.volunteer)
    await setUp('POST', `/api/deliveries/${id}/complete`, users.volunteer, completeWithoutCode)
  }
  const parties = {
    requesterId: requester.id,
    donorId: users.donor.id,
    volunteerId: status === 'pending' ? null : users.volunteer.id,
    ...ends,
  }
  return { id, parties: { ...parties, status, approved } as const }
}

/** A claim (or food request) of the recipient on the donor's food; approved when `confirmed`. */
async function order(kind: 'claims' | 'food-requests', { confirmed = false, completed = false } = {}) {
  const listing = kind === 'claims' ? await freeListing() : await halfPriceListing()
  const id = await setUp(
    'POST',
    `/api/listings/${listing.id}/${kind}`,
    users.recipient,
    kind === 'claims' ? claimBody() : foodRequestBody(),
  )
  if (confirmed || completed) await setUp('POST', `/api/${kind}/${id}/approve`, users.donor)
  if (completed) await setUp('POST', `/api/${kind}/${id}/complete`, users.donor, completeWithoutCode)
  return { id, parties: { requesterId: users.recipient.id, donorId: users.donor.id } }
}

/**
 * The donor's standing offer every day, which the recipient takes and asks to have delivered in
 * Colombo (docs/decisions/0069-standing-deliveries.md).
 */
async function standingDelivery() {
  const offerId = await setUp(
    'POST',
    '/api/standing-offers',
    users.donor,
    standingOfferBody(categoryId, { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }),
  )
  const joined = await call('POST', `/api/standing-offers/${offerId}/takers`, users.recipient, {
    quantity: 5,
  })
  const takerId: string = joined.json().takers[0].id
  const dropOff = { address: '5 Temple Lane', city: 'Dehiwala', district: 'Colombo', phone: '0771234567' }
  const asked = await call(
    'PUT',
    `/api/standing-offers/${offerId}/takers/me/delivery`,
    users.recipient,
    dropOff,
  )
  if (asked.statusCode !== 200) throw new Error(`ask for delivery: ${asked.statusCode} ${asked.body}`)
  return { offerId, takerId }
}

type Arranged<A extends Action> = {
  resource: ResourceArgs<A>
  act: (user: User | null) => Promise<Response>
  /** Allowed and done; by default any 2xx answer. */
  succeeded?: (res: Response) => boolean
  /** The action hides fields rather than refusing the request: refused means not shown. */
  fieldLevel?: true
}

type Case = {
  action: Action
  label: string
  arrange: () => Promise<{
    refusalFor: (actor: Actor | null) => Refusal | null
    act: (user: User | null) => Promise<Response>
    succeeded: (res: Response) => boolean
    fieldLevel: boolean
  }>
}

function scenario<A extends Action>(action: A, label: string, arrange: () => Promise<Arranged<A>>): Case {
  return {
    action,
    label,
    async arrange() {
      const arranged = await arrange()
      return {
        refusalFor: (actor) => refusal(actor, action, ...arranged.resource),
        act: arranged.act,
        succeeded: arranged.succeeded ?? ((res) => res.statusCode < 300),
        fieldLevel: arranged.fieldLevel ?? false,
      }
    },
  }
}

const get = (url: string) => async (): Promise<Arranged<'listing.view'>> => ({
  resource: [],
  act: (user) => call('GET', url, user),
})

const SCENARIOS: Case[] = [
  scenario('listing.view', 'the listings', get('/api/listings')),
  scenario('listing.view', 'one listing', async () => {
    const listing = await freeListing()
    return { resource: [], act: (user) => call('GET', `/api/listings/${listing.id}`, user) }
  }),
  scenario('story.view', 'stories', get('/api/stories')),
  scenario('event.view', 'events', get('/api/events')),
  scenario('event.view', 'one event', async () => {
    const id = await setUp('POST', '/api/events', users.volunteer, eventBody())
    return { resource: [], act: (user) => call('GET', `/api/events/${id}`, user) }
  }),
  scenario('figures.view', 'leaderboard', get('/api/community/leaderboard')),
  scenario('figures.view', 'volunteers', get('/api/community/volunteers')),
  scenario('figures.view', 'impact', get('/api/impact')),

  scenario('listing.create', 'donate food', async () => ({
    resource: [],
    act: (user) =>
      call('POST', '/api/listings', user, listingBody(categoryId, user?.image ?? users.donor.image)),
  })),
  scenario('listing.edit', 'edit a listing', async () => {
    const listing = await freeListing()
    const { safetyChecklist: _, ...body } = listingBody(categoryId, users.donor.image)
    return {
      resource: [listing],
      act: (user) =>
        call('PATCH', `/api/listings/${listing.id}`, user, { ...body, version: listing.version }),
    }
  }),
  scenario('listing.claim', 'claim free food', async () => {
    const listing = await freeListing()
    return {
      resource: [listing],
      act: (user) => call('POST', `/api/listings/${listing.id}/claims`, user, claimBody()),
    }
  }),
  scenario('listing.request', 'request half-price food', async () => {
    const listing = await halfPriceListing()
    return {
      resource: [listing],
      act: (user) => call('POST', `/api/listings/${listing.id}/food-requests`, user, foodRequestBody()),
    }
  }),
  scenario('listing.askDelivery', 'ask for delivery', async () => {
    const listing = await freeListing()
    return {
      resource: [listing],
      act: (user) =>
        call('POST', `/api/listings/${listing.id}/deliveries`, user, deliveryBody({ urgent: false })),
    }
  }),

  scenario('listing.seeLocation', 'a listing with an approved claim', async () => {
    const listing = await freeListing()
    const id = await setUp('POST', `/api/listings/${listing.id}/claims`, users.recipient, claimBody())
    await setUp('POST', `/api/claims/${id}/approve`, users.donor)
    return {
      resource: [{ donorId: users.donor.id, approvedRequesterIds: [users.recipient.id], volunteerIds: [] }],
      act: (user) => call('GET', `/api/listings/${listing.id}`, user),
      succeeded: (res) => res.statusCode === 200 && res.json().pickupAddress !== null,
      fieldLevel: true,
    }
  }),

  ...(['claims', 'food-requests'] as const).flatMap((kind) => [
    scenario('order.view', `one of the ${kind}`, async () => {
      const { id, parties } = await order(kind)
      return { resource: [parties], act: (user) => call('GET', `/api/${kind}/${id}`, user) }
    }),
    scenario('order.decide', `approve one of the ${kind}`, async () => {
      const { id, parties } = await order(kind)
      return { resource: [parties], act: (user) => call('POST', `/api/${kind}/${id}/approve`, user) }
    }),
    scenario('order.decide', `decline one of the ${kind}`, async () => {
      const { id, parties } = await order(kind)
      return { resource: [parties], act: (user) => call('POST', `/api/${kind}/${id}/decline`, user) }
    }),
    scenario('order.decide', `complete one of the ${kind}`, async () => {
      const { id, parties } = await order(kind, { confirmed: true })
      return {
        resource: [parties],
        act: (user) => call('POST', `/api/${kind}/${id}/complete`, user, completeWithoutCode),
      }
    }),
    scenario('order.seePickupCode', `the pickup code of one of the ${kind}`, async () => {
      const { id, parties } = await order(kind, { confirmed: true })
      return {
        resource: [parties],
        act: (user) => call('GET', `/api/${kind}/${id}`, user),
        succeeded: (res) => res.statusCode === 200 && /^\d{6}$/.test(res.json().pickupCode),
        fieldLevel: true,
      }
    }),
    scenario('order.cancel', `cancel one of the ${kind}`, async () => {
      const { id, parties } = await order(kind)
      return { resource: [parties], act: (user) => call('POST', `/api/${kind}/${id}/cancel`, user) }
    }),
    scenario('order.rate', `rate the other party of one of the ${kind}`, async () => {
      const { id, parties } = await order(kind, { completed: true })
      return {
        resource: [parties],
        act: (user) => call('POST', `/api/${kind}/${id}/rating`, user, { score: 4 }),
      }
    }),
  ]),

  ...(['pending', 'assigned'] as const).map((status) =>
    scenario('delivery.view', `a ${status} delivery`, async () => {
      const { id, parties } = await delivery({ status })
      return { resource: [parties], act: (user) => call('GET', `/api/deliveries/${id}`, user) }
    }),
  ),
  scenario('delivery.view', "a waiting delivery out of the volunteers' reach (Kandy to Jaffna)", async () => {
    const { id, parties } = await delivery({ ends: { pickupDistrict: 'Kandy', district: 'Jaffna' } })
    return { resource: [parties], act: (user) => call('GET', `/api/deliveries/${id}`, user) }
  }),
  scenario('delivery.view', 'a delivery the donor has not approved yet', async () => {
    const { id, parties } = await delivery({ approved: false })
    return { resource: [parties], act: (user) => call('GET', `/api/deliveries/${id}`, user) }
  }),
  ...(['pending', 'assigned'] as const).map((status) =>
    scenario('delivery.seeContact', `a ${status} delivery`, async () => {
      const { id, parties } = await delivery({ status })
      return {
        resource: [parties],
        act: (user) => call('GET', `/api/deliveries/${id}`, user),
        succeeded: (res) =>
          res.statusCode === 200 &&
          res.json().requester !== null &&
          res.json().phone !== null &&
          res.json().address !== null,
        fieldLevel: true,
      }
    }),
  ),
  scenario('delivery.listWaiting', 'the waiting deliveries', async () => ({
    resource: [],
    act: (user) => call('GET', '/api/deliveries?as=available', user),
  })),
  scenario('delivery.accept', "a recipient's request", async () => {
    const { id, parties } = await delivery()
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/accept`, user) }
  }),
  scenario('delivery.accept', "a delivery out of the volunteers' reach (Kandy to Jaffna)", async () => {
    const { id, parties } = await delivery({ ends: { pickupDistrict: 'Kandy', district: 'Jaffna' } })
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/accept`, user) }
  }),
  scenario('delivery.accept', "a volunteer's own request", async () => {
    const { id, parties } = await delivery({ requester: users.otherVolunteer })
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/accept`, user) }
  }),
  scenario('run.create', "a run of a recipient's waiting delivery", async () => {
    const { id, parties } = await delivery()
    return { resource: [parties], act: (user) => call('POST', '/api/runs', user, { deliveryIds: [id] }) }
  }),
  scenario('run.create', "a run of a delivery out of the volunteers' reach (Kandy to Jaffna)", async () => {
    const { id, parties } = await delivery({ ends: { pickupDistrict: 'Kandy', district: 'Jaffna' } })
    return { resource: [parties], act: (user) => call('POST', '/api/runs', user, { deliveryIds: [id] }) }
  }),
  scenario('run.view', "the volunteer's run", async () => {
    const { id } = await delivery()
    const runId = await setUp('POST', '/api/runs', users.volunteer, { deliveryIds: [id] })
    return {
      resource: [{ volunteerId: users.volunteer.id }],
      act: (user) => call('GET', `/api/runs/${runId}`, user),
    }
  }),
  scenario('delivery.deliver', 'pick up', async () => {
    const { id, parties } = await delivery({ status: 'assigned' })
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/pick-up`, user) }
  }),
  scenario('delivery.deliver', 'complete', async () => {
    const { id, parties } = await delivery({ status: 'assigned' })
    await setUp('POST', `/api/deliveries/${id}/pick-up`, users.volunteer)
    return {
      resource: [parties],
      act: (user) => call('POST', `/api/deliveries/${id}/complete`, user, completeWithoutCode),
    }
  }),
  scenario('delivery.deliver', 'hand back', async () => {
    const { id, parties } = await delivery({ status: 'assigned' })
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/hand-back`, user) }
  }),
  scenario('delivery.cancel', 'cancel', async () => {
    const { id, parties } = await delivery()
    return { resource: [parties], act: (user) => call('POST', `/api/deliveries/${id}/cancel`, user) }
  }),
  scenario('delivery.rate', 'rate', async () => {
    const { id, parties } = await delivery({ status: 'completed' })
    return {
      resource: [parties],
      act: (user) => call('PUT', `/api/deliveries/${id}/rating`, user, { rating: 5 }),
    }
  }),

  scenario('standingDelivery.take', "take Tuesdays of the recipient's arrangement", async () => {
    const { offerId, takerId } = await standingDelivery()
    return {
      resource: [{ pickupDistrict: 'Colombo', district: 'Colombo', takerId: users.recipient.id }],
      act: (user) =>
        call('POST', `/api/standing-offers/${offerId}/takers/${takerId}/deliveries`, user, { days: ['tue'] }),
    }
  }),
  scenario('standingDelivery.seeDeliverers', "who delivers the recipient's arrangement", async () => {
    const { offerId } = await standingDelivery()
    return {
      resource: [{ donorId: users.donor.id, takerId: users.recipient.id }],
      act: (user) => call('GET', `/api/standing-offers/${offerId}`, user),
      succeeded: (res) => res.statusCode === 200 && res.json().takers[0]?.delivery != null,
      fieldLevel: true,
    }
  }),

  scenario('notification.read', "the recipient's notification", async () => {
    const [row] = await app.services.db
      .insert(notifications)
      .values({
        userId: users.recipient.id,
        type: 'food_claim',
        title: 'New Food Claim',
        message: 'A claim',
        params: {},
      })
      .returning()
    return { resource: [row!], act: (user) => call('POST', `/api/notifications/${row!.id}/read`, user) }
  }),
  scenario('account.edit', 'edit my profile', async () => ({
    resource: [],
    act: (user) => call('PATCH', '/api/me', user, { location: 'Colombo 07' }),
  })),
  scenario('account.export', 'download my data', async () => ({
    resource: [],
    act: (user) => call('GET', '/api/me/data', user),
  })),
  scenario('account.delete', 'how I confirm a deletion', async () => ({
    resource: [],
    act: (user) => call('GET', '/api/me/deletion', user),
  })),
  // Deleting erases the actor: each signed-in kind acts as a fresh account of the same role.
  scenario('account.delete', 'delete my account', async () => ({
    resource: [],
    act: async (user) => {
      if (!user) return call('POST', '/api/me/deletion', null, { password: 'secret-pass-1' })
      const role = user.actor.role === 'moderator' || !user.actor.role ? 'recipient' : user.actor.role
      const fresh = await createUser(app, { role })
      return app.inject({
        method: 'POST',
        url: '/api/me/deletion',
        payload: { password: fresh.password },
        headers: { cookie: fresh.cookie },
      })
    },
  })),
  scenario('upload.create', 'upload an image', async () => {
    const { payload, headers } = await pngUpload({ width: 8, height: 8, background: '#c2410c' })
    return {
      resource: [],
      act: (user) =>
        app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload,
          headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
        }),
    }
  }),

  scenario('push.subscribe', 'turn pushes on for this device', async () => ({
    resource: [],
    act: (user) => call('POST', '/api/me/push-subscriptions', user, pushDevice()),
  })),
  scenario('push.subscribe', 'list my devices', async () => ({
    resource: [],
    act: (user) => call('GET', '/api/me/push-subscriptions', user),
  })),
  scenario('push.unsubscribe', "the recipient's device", async () => {
    const id = await setUp('POST', '/api/me/push-subscriptions', users.recipient, pushDevice())
    return {
      resource: [{ userId: users.recipient.id }],
      act: (user) => call('DELETE', `/api/me/push-subscriptions/${id}`, user),
    }
  }),

  scenario('story.create', 'share a story', async () => ({
    resource: [],
    act: (user) => call('POST', '/api/stories', user, storyBody),
  })),
  scenario('story.edit', "edit the recipient's story", async () => {
    const id = await setUp('POST', '/api/stories', users.recipient, storyBody)
    return {
      resource: [{ authorId: users.recipient.id }],
      act: (user) => call('PUT', `/api/stories/${id}`, user, { ...storyBody, title: 'Edited' }),
    }
  }),
  ...(['PUT', 'DELETE'] as const).map((method) =>
    scenario('story.like', `${method} a like`, async () => {
      const id = await setUp('POST', '/api/stories', users.recipient, storyBody)
      return { resource: [], act: (user) => call(method, `/api/stories/${id}/like`, user) }
    }),
  ),

  scenario('event.create', 'organize an event', async () => ({
    resource: [],
    act: (user) => call('POST', '/api/events', user, eventBody()),
  })),
  scenario('event.edit', "edit the volunteer's event", async () => {
    const id = await setUp('POST', '/api/events', users.volunteer, eventBody())
    return {
      resource: [{ organizerId: users.volunteer.id }],
      act: (user) => call('PUT', `/api/events/${id}`, user, { ...eventBody(), title: 'Edited' }),
    }
  }),
  scenario('event.seeAttendees', "the volunteer's event", async () => {
    const id = await setUp('POST', '/api/events', users.volunteer, eventBody())
    return {
      resource: [{ organizerId: users.volunteer.id }],
      act: (user) => call('GET', `/api/events/${id}/attendees`, user),
    }
  }),
  ...(['POST', 'DELETE'] as const).map((method) =>
    scenario('event.attend', `${method} attendance`, async () => {
      const id = await setUp('POST', '/api/events', users.volunteer, eventBody())
      return {
        resource: [{ organizerId: users.volunteer.id }],
        act: (user) => call(method, `/api/events/${id}/attendance`, user),
      }
    }),
  ),

  scenario('moderator.view', 'the volunteers to verify', async () => ({
    resource: [],
    act: (user) => call('GET', '/api/moderation/volunteers', user),
  })),
  ...(['verify', 'refuse'] as const).map((decision) =>
    scenario('moderator.act', `${decision} a new volunteer`, async () => {
      const volunteer = await createUser(app, { role: 'volunteer', verified: false })
      return {
        resource: [],
        act: (user) =>
          call('POST', `/api/moderation/volunteers/${volunteer.id}/${decision}`, user, {
            reason: 'Checked by phone',
          }),
      }
    }),
  ),
  scenario('content.report', "the donor's listing", async () => {
    const listing = await freeListing()
    return {
      resource: [{ ownerId: users.donor.id }],
      act: (user) =>
        call('POST', '/api/reports', user, {
          targetType: 'listing',
          targetId: listing.id,
          reason: 'misleading',
        }),
    }
  }),
  scenario('content.report', 'the recipient', async () => ({
    resource: [{ ownerId: users.recipient.id }],
    act: (user) =>
      call('POST', '/api/reports', user, {
        targetType: 'user',
        targetId: users.recipient.id,
        reason: 'no_show_or_rude',
        note: `seen at ${Math.random()}`,
      }),
    // Each user reports once per arrangement; a repeat while open is the data's 409, not a refusal.
    succeeded: (res) => res.statusCode === 201 || res.statusCode === 409,
  })),
  ...['reports', 'suspended', 'audit'].map((list) =>
    scenario('moderator.view', `the ${list} list`, async () => ({
      resource: [],
      act: (user) => call('GET', `/api/moderation/${list}`, user),
    })),
  ),
  scenario('moderator.act', "hide the donor's listing", async () => {
    const listing = await freeListing()
    return {
      resource: [],
      act: (user) =>
        call('POST', '/api/moderation/hide', user, {
          targetType: 'listing',
          targetId: listing.id,
          reason: 'Spoiled food reported twice',
        }),
    }
  }),
  scenario('moderator.act', 'warn the other recipient', async () => ({
    resource: [],
    act: (user) =>
      call('POST', `/api/moderation/users/${users.otherRecipient.id}/warn`, user, {
        reason: 'Rude to a donor',
      }),
  })),

  // None of the matrix's recipients is a verified organisation (docs/decisions/0054-organisations-and-their-limits.md).
  scenario('report.monthly', "last month's impact report", async () => ({
    resource: [{ verifiedOrganisation: false }],
    act: (user) => call('GET', `/api/me/reports/${monthKey(monthStart(new Date(), 1))}.pdf`, user),
  })),
  ...(['donor', 'recipient', 'volunteer'] as const).map((role) =>
    scenario('dashboard.view', `the ${role} dashboard`, async () => ({
      resource: [{ role }],
      act: (user) => call('GET', `/api/dashboard/${role}`, user),
    })),
  ),
]

it('has a scenario for every action of the policy', () => {
  const covered = new Set(SCENARIOS.map((s) => s.action))
  expect(ACTIONS.filter((action) => !covered.has(action))).toEqual([])
})

describe.each(SCENARIOS.map((s) => [`${s.action}: ${s.label}`, s] as const))('%s', (_, { arrange }) => {
  it.each(WHO)('as %s', async (who) => {
    const user = who === 'signedOut' ? null : users[who]
    const { refusalFor, act, succeeded, fieldLevel } = await arrange()
    const refused = refusalFor(user?.actor ?? null)
    const res = await act(user)
    if (!refused) {
      expect(succeeded(res), res.body).toBe(true)
    } else if (fieldLevel) {
      expect(succeeded(res), res.body).toBe(false)
    } else {
      expect({ status: res.statusCode, key: res.json().error?.key }).toEqual(refused)
    }
  })
})
