import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOBS_SCHEMA } from '../../src/server/platform/jobs'
import { SIGN_IN_BUDGETS } from '../../src/server/platform/limits'
import { claimBody, listingBody } from '../../src/server/test/bodies'
import { pngImage } from '../../src/server/test/fixtures'
import { freePort } from '../../src/server/test/free-port'
import { multipartFile } from '../../src/server/test/harness'
import { startRedisServer } from '../../src/server/test/redis-server'
import { createDatabase, type Instance, sharedSecret, startInstance, startNginx } from './cluster'

/**
 * Two production instances on one PostgreSQL, with Redis and an S3-compatible store, behind
 * Debian's nginx: what happens through one instance holds on the other
 * (docs/deploy.md). Needs the build, TEST_DATABASE_URL, Debian's redis-server and nginx.
 */
const baseDatabaseUrl = process.env.TEST_DATABASE_URL
const BUCKET = 'ahara-uploads'

type Call = { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit }

describe.runIf(baseDatabaseUrl)('two instances behind nginx', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>
  let proxy: Awaited<ReturnType<typeof startNginx>>
  let s3: S3rver
  let redis: Awaited<ReturnType<typeof startRedisServer>>
  let s3Dir: string
  const instances: Instance[] = []
  let a: Instance
  let b: Instance
  let origin: string

  async function call(base: string, method: string, path: string, options: Call = {}) {
    const headers: Record<string, string> = { origin, ...options.headers }
    if (options.cookie) headers.cookie = options.cookie
    let body = options.raw
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'follow' })
    return res
  }

  async function signUp(role: 'donor' | 'recipient', email: string) {
    const res = await call(proxy.url, 'POST', '/api/users', {
      body: {
        name: role === 'donor' ? 'Scale Donor' : 'Scale Recipient',
        email,
        password: 'scale-out-2026',
        confirmPassword: 'scale-out-2026',
        location: 'Dehiwala',
        district: 'Colombo',
        role,
        agreeToTerms: true,
      },
    })
    expect(res.status).toBe(201)
  }

  async function signIn(email: string, base = proxy.url) {
    const res = await call(base, 'POST', '/api/sessions', { body: { email, password: 'scale-out-2026' } })
    expect(res.status).toBe(200)
    return res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }

  const donorEmail = `donor-${Date.now()}@scale.test`
  const recipientEmail = `recipient-${Date.now()}@scale.test`
  let donorCookie: string
  let recipientCookie: string
  let imageUrl: string
  let listingId: string

  beforeAll(async () => {
    // A Redis of its own: counters of an earlier run must not count.
    redis = await startRedisServer()

    database = await createDatabase(baseDatabaseUrl!)
    s3Dir = mkdtempSync(join(tmpdir(), 'ahara-s3rver-'))
    const s3Port = await freePort()
    s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    })
    await s3.run()

    const proxyPort = await freePort()
    origin = `http://127.0.0.1:${proxyPort}`
    const env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: sharedSecret(),
      PUBLIC_URL: origin,
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT: '1000',
      REDIS_URL: redis.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }
    // One after the other: the first migrates, the second finds the schema ready.
    a = await startInstance('a', await freePort(), env)
    instances.push(a)
    b = await startInstance('b', await freePort(), env)
    instances.push(b)
    proxy = await startNginx(proxyPort, [a.url, b.url])
  }, 180_000)

  afterAll(async () => {
    await proxy?.stop()
    await Promise.all(instances.map((instance) => instance.stop()))
    await s3?.close()
    await redis?.stop()
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true })
    await database?.drop()
  })

  it('balances requests over both instances', async () => {
    const upstreams = new Set<string>()
    for (let i = 0; i < 6; i += 1) {
      const res = await call(proxy.url, 'GET', '/api/health')
      expect(res.status).toBe(200)
      upstreams.add(res.headers.get('x-upstream') ?? '')
    }
    expect([...upstreams].sort()).toEqual([new URL(a.url).host, new URL(b.url).host].sort())
  })

  it('keeps a session made through the proxy valid on both instances', async () => {
    await signUp('donor', donorEmail)
    await signUp('recipient', recipientEmail)
    donorCookie = await signIn(donorEmail)
    recipientCookie = await signIn(recipientEmail)
    for (const instance of [a, b]) {
      const me = await call(instance.url, 'GET', '/api/me', { cookie: recipientCookie })
      expect(me.status).toBe(200)
      expect((await me.json()).email).toBe(recipientEmail)
    }
  })

  it('serves a photo uploaded through one instance from the other', async () => {
    const { payload, headers } = multipartFile(await pngImage(), 'food.png', 'image/png')
    const upload = await call(a.url, 'POST', '/api/uploads', {
      cookie: donorCookie,
      headers,
      raw: new Uint8Array(payload),
    })
    expect(upload.status).toBe(201)
    imageUrl = (await upload.json()).url
    const fromA = await call(a.url, 'GET', imageUrl)
    const fromB = await call(b.url, 'GET', imageUrl)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toMatch(/^image\//)
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()))
  })

  it('announces a claim made through one instance to a browser connected to the other', async () => {
    const categories: { id: string; slug: string }[] = await (
      await call(proxy.url, 'GET', '/api/categories')
    ).json()
    // Bakery, not cooked food: the cooked-food clock would need a preparation time (0049).
    const bakery = categories.find((category) => category.slug === 'bakery')!
    const created = await call(proxy.url, 'POST', '/api/listings', {
      cookie: donorCookie,
      body: listingBody(bakery.id, imageUrl, { quantity: 3 }),
    })
    expect(created.status).toBe(201)
    listingId = (await created.json()).id

    const stream = await fetch(`${b.url}/api/stream`, { headers: { cookie: recipientCookie } })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let received = ''
    while (!received.includes(': connected')) received += decoder.decode((await reader.read()).value)

    const claim = await call(a.url, 'POST', `/api/listings/${listingId}/claims`, {
      cookie: recipientCookie,
      body: claimBody(),
    })
    expect(claim.status).toBe(201)
    while (!received.includes('"table":"listings"')) received += decoder.decode((await reader.read()).value)
    await reader.cancel()

    const listing = await (await call(b.url, 'GET', `/api/listings/${listingId}`)).json()
    expect(listing.remainingQuantity ?? listing.quantity).toBe(2)
  })

  it('holds one address’s failed sign-ins of one account across instances', async () => {
    const { max } = SIGN_IN_BUDGETS.perSource
    for (let i = 0; i < max; i += 1) {
      const instance = i % 2 === 0 ? a : b
      const res = await call(instance.url, 'POST', '/api/sessions', {
        body: { email: recipientEmail, password: 'not-the-password' },
      })
      expect(res.status).toBe(401)
    }
    // Each instance has seen only half of them; the shared count refuses the next on either.
    for (const instance of [a, b]) {
      const res = await call(instance.url, 'POST', '/api/sessions', {
        body: { email: recipientEmail, password: 'scale-out-2026' },
      })
      expect(res.status).toBe(429)
    }
  })

  it('runs the expiry sweep once per minute for both instances', async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await client.query(`update listings set expires_at = now() - interval '1 minute' where id = $1`, [
        listingId,
      ])
      let status = ''
      while (status !== 'expired') {
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        status = (await client.query('select status from listings where id = $1', [listingId])).rows[0].status
      }
      // Both instances tick every few seconds; each minute's sweep is still one job, run once.
      const { rows } = await client.query(
        `select data->>'slot' as slot, count(*)::int as jobs from ${JOBS_SCHEMA}.job where name = 'listing-expiry-sweep' group by 1`,
      )
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row).toMatchObject({ jobs: 1 })
    } finally {
      await client.end()
    }
  }, 150_000)
})
