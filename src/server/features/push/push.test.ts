import { createPublicKey, randomUUID, verify } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PUSH_SUBSCRIPTIONS } from '../../../shared/push'
import { pushSubscriptions } from '../../db/schema'
import { recordEvents } from '../../platform/outbox'
import { setUpTestApp } from '../../test/harness'
import { startPushService, type TestDevice } from '../../test/push-service'
import { createUser } from '../../test/users'
import { removeSubscriptionsOf } from './service'

const ctx = setUpTestApp({
  kamal: { role: 'recipient', name: 'Kamal Silva' },
  nimali: { role: 'donor', name: 'Nimali Perera' },
})
let pushService: Awaited<ReturnType<typeof startPushService>>
beforeAll(async () => {
  pushService = await startPushService()
})
afterAll(() => pushService.close())

const PATH = '/api/me/push-subscriptions'

function subscribe(cookie: string | undefined, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: PATH,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  })
}

async function mine(cookie: string): Promise<{ id: string; endpoint: string }[]> {
  const res = await ctx.app.inject({ method: 'GET', url: PATH, headers: { cookie } })
  expect(res.statusCode).toBe(200)
  return res.json().items
}

async function storedEndpoints(userId: string): Promise<string[]> {
  const rows = await ctx.app.services.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
  return rows.map((row) => row.endpoint)
}

describe('the public key', () => {
  it('is the P-256 key browsers subscribe with, the same after a restart on the same data folder', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })
    expect(res.statusCode).toBe(200)
    const { publicKey } = res.json()
    const point = Buffer.from(publicKey, 'base64url')
    expect(point).toHaveLength(65)
    expect(point[0]).toBe(4)
    const { resolveVapidKeys } = await import('./keys')
    expect(resolveVapidKeys(ctx.app.services.config)?.publicKey).toBe(publicKey)
  })
})

describe('subscribing', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const res = await subscribe(undefined, pushService.device().subscription)
    expect(res.statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401)
  })

  it('stores this device once, however often it subscribes, and lists it to its user only', async () => {
    const device = pushService.device()
    const first = await subscribe(ctx.kamal.cookie, device.subscription)
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ endpoint: device.subscription.endpoint })
    expect((await subscribe(ctx.kamal.cookie, device.subscription)).statusCode).toBe(201)
    expect(
      (await mine(ctx.kamal.cookie)).filter((s) => s.endpoint === device.subscription.endpoint),
    ).toHaveLength(1)
    expect((await mine(ctx.nimali.cookie)).map((s) => s.endpoint)).not.toContain(device.subscription.endpoint)
  })

  it('binds an endpoint to its owner: another account cannot take it over without the device’s keys', async () => {
    const device = pushService.device()
    expect((await subscribe(ctx.kamal.cookie, device.subscription)).statusCode).toBe(201)
    // Someone who learnt the endpoint posts it with keys of their own, to read kamal's pushes.
    const stranger = pushService.device().subscription.keys
    const takeover = await subscribe(ctx.nimali.cookie, { ...device.subscription, keys: stranger })
    expect(takeover.statusCode).toBe(409)
    expect(takeover.json().error.key).toBe('profile.push.errors.taken')
    expect(await storedEndpoints(ctx.kamal.id)).toContain(device.subscription.endpoint)
    expect(await storedEndpoints(ctx.nimali.id)).not.toContain(device.subscription.endpoint)
    // The same browser (its own keys) under another account signed in on it moves the device over.
    expect((await subscribe(ctx.nimali.cookie, device.subscription)).statusCode).toBe(201)
    expect(await storedEndpoints(ctx.nimali.id)).toContain(device.subscription.endpoint)
    expect(await storedEndpoints(ctx.kamal.id)).not.toContain(device.subscription.endpoint)
  })

  it.each([
    [
      'an endpoint that is not a push service',
      { endpoint: 'https://example.com/push/1' },
      'profile.push.errors.endpoint',
    ],
    [
      'an endpoint on the local network',
      { endpoint: 'http://10.0.0.5/push/1' },
      'profile.push.errors.endpoint',
    ],
    ['not a URL', { endpoint: 'push me' }, 'profile.push.errors.endpoint'],
    [
      'a p256dh of the wrong length',
      { keys: { p256dh: 'BAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'profile.push.errors.keys',
    ],
    [
      'a p256dh that is not a point of P-256',
      { keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'profile.push.errors.keys',
    ],
    ['no keys', { keys: undefined }, 'profile.push.errors.keys'],
  ])('refuses %s with 400 and stores nothing', async (_, change, key) => {
    const device = pushService.device()
    const before = await storedEndpoints(ctx.nimali.id)
    const res = await subscribe(ctx.nimali.cookie, { ...device.subscription, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.key).toBe(key)
    expect(await storedEndpoints(ctx.nimali.id)).toEqual(before)
  })

  it(`keeps the ${MAX_PUSH_SUBSCRIPTIONS} most recently used devices of a user`, async () => {
    const { app } = ctx
    const user = await createUser(app)
    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 1 }, () => pushService.device())
    for (const device of devices) {
      expect((await subscribe(user.cookie, device.subscription)).statusCode).toBe(201)
    }
    const kept = await storedEndpoints(user.id)
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS)
    expect(kept).not.toContain(devices[0]!.subscription.endpoint)
    expect(kept).toContain(devices.at(-1)!.subscription.endpoint)
  })
})

describe('unsubscribing', () => {
  it("removes the user's own device; another user's is answered as missing and kept", async () => {
    const device = pushService.device()
    const { id } = (await subscribe(ctx.kamal.cookie, device.subscription)).json()
    const stranger = await ctx.app.inject({
      method: 'DELETE',
      url: `${PATH}/${id}`,
      headers: { cookie: ctx.nimali.cookie },
    })
    expect(stranger.statusCode).toBe(404)
    expect(await storedEndpoints(ctx.kamal.id)).toContain(device.subscription.endpoint)
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: `${PATH}/${id}`,
      headers: { cookie: ctx.kamal.cookie },
    })
    expect(own.statusCode).toBe(204)
    expect(await storedEndpoints(ctx.kamal.id)).not.toContain(device.subscription.endpoint)
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `${PATH}/${id}`,
      headers: { cookie: ctx.kamal.cookie },
    })
    expect(again.statusCode).toBe(404)
  })

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const remove = (id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `${PATH}/${id}`, headers: { cookie: ctx.kamal.cookie } })
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await remove('not-an-id')).statusCode).toBe(400)
  })

  it('erases every device of a user whose account goes (removeSubscriptionsOf)', async () => {
    const user = await createUser(ctx.app)
    await subscribe(user.cookie, pushService.device().subscription)
    await subscribe(user.cookie, pushService.device().subscription)
    expect(await removeSubscriptionsOf(ctx.app.services.db, user.id)).toBe(2)
    expect(await storedEndpoints(user.id)).toEqual([])
  })
})

/** Waits until `check` holds, reading the database again each time (the push job runs on its own). */
async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the condition never held')
}

describe('sending', () => {
  async function notifyClaimApproved(userId: string) {
    const relatedId = randomUUID()
    await ctx.app.services.db.transaction((tx) =>
      recordEvents(tx, {
        type: 'bell.read',
        payload: { userId },
        notices: [{ userId, type: 'claim_approved', params: { quantity: 2, title: 'Kiribath' }, relatedId }],
      }),
    )
    await ctx.app.services.outbox.settle()
    return relatedId
  }

  it("pushes every bell notification to each device, encrypted for it, in the user's language, signed by the server", async () => {
    const user = await createUser(ctx.app)
    const language = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: user.cookie },
      payload: { language: 'si' },
    })
    expect(language.statusCode).toBe(200)
    const phone: TestDevice = pushService.device()
    const laptop: TestDevice = pushService.device()
    await subscribe(user.cookie, phone.subscription)
    await subscribe(user.cookie, laptop.subscription)

    const relatedId = await notifyClaimApproved(user.id)

    for (const device of [phone, laptop]) {
      const push = await pushService.pushTo(device)
      expect(push.headers['content-encoding']).toBe('aes128gcm')
      expect(pushService.decryptFor(device, push)).toEqual({
        title: 'ඉල්ලීම අනුමත කළා!',
        body: '"Kiribath" වෙතින් කොටස් 2ක් සඳහා ඔබේ ඉල්ලීම අනුමත කර ඇත.',
        url: '/dashboard/recipient',
        tag: relatedId,
        lang: 'si',
      })
      // VAPID (RFC 8292): a JWT for this push service, signed with the server's key, and that key.
      const { publicKey } = (await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization))
      expect(match?.[2]).toBe(publicKey)
      const [header, claims, signature] = match![1]!.split('.')
      expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
        aud: pushService.origin,
        sub: 'mailto:support@ahara.lk',
      })
      const point = Buffer.from(publicKey, 'base64url')
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        format: 'jwk',
      })
      expect(
        verify(
          'sha256',
          Buffer.from(`${header}.${claims}`),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature!, 'base64url'),
        ),
      ).toBe(true)
    }
  })

  it('removes a subscription the push service says is gone (410)', async () => {
    const user = await createUser(ctx.app)
    const gone = pushService.device(410)
    const kept = pushService.device()
    await subscribe(user.cookie, gone.subscription)
    await subscribe(user.cookie, kept.subscription)

    await notifyClaimApproved(user.id)

    await pushService.pushTo(gone)
    await pushService.pushTo(kept)
    await eventually(async () => !(await storedEndpoints(user.id)).includes(gone.subscription.endpoint))
    expect(await storedEndpoints(user.id)).toEqual([kept.subscription.endpoint])
  })
})

describe('without keys (DATABASE_URL and no VAPID_* set)', () => {
  it('starts with a null public key and queues nothing', async () => {
    const { startPush } = await import('./service')
    const push = await startPush({
      db: ctx.app.services.db,
      jobs: ctx.app.services.jobs,
      keys: undefined,
      subject: 'mailto:support@ahara.lk',
      log: ctx.app.log,
    })
    expect(push.publicKey).toBeNull()
    const before = (await ctx.app.services.jobs.depths())['push-send'] ?? 0
    await push.enqueue(
      [{ userId: ctx.kamal.id, type: 'claim_approved', params: {}, relatedId: randomUUID() }],
      randomUUID(),
    )
    expect((await ctx.app.services.jobs.depths())['push-send'] ?? 0).toBe(before)
  })

  it('answers the profile a null key and refuses a subscription with 409', async () => {
    const running = ctx.app.services.push.publicKey
    // The routes read the app's push service as it is at each request: here, one started without keys.
    Object.assign(ctx.app.services.push, { publicKey: null })
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({
        publicKey: null,
      })
      const refused = await subscribe(ctx.kamal.cookie, pushService.device().subscription)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.key).toBe('profile.push.errors.off')
    } finally {
      Object.assign(ctx.app.services.push, { publicKey: running })
    }
  })
})
