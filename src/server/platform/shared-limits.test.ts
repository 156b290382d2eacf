import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { startRedisServer } from '../test/redis-server'
import { createUser } from '../test/users'
import { SIGN_IN_BUDGETS } from './limits'

let redis: Awaited<ReturnType<typeof startRedisServer>>
let first: TestApp
let second: TestApp

const AUTH_RATE_LIMIT = 4

beforeAll(async () => {
  redis = await startRedisServer()
  // Two instances of one deployment: one database, one Redis, one key prefix.
  const env = { REDIS_URL: redis.url, AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT) }
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`
  first = await createTestApp(env, undefined, { realLimits: true, redisPrefix })
  second = await createTestApp(env, undefined, {
    realLimits: true,
    redisPrefix,
    sharedDatabase: first.database,
  })
})

afterAll(async () => {
  await second?.teardown()
  await first?.teardown()
  await redis?.stop()
})

let addressCounter = 0
const newAddress = () => {
  addressCounter += 1
  return `198.51.100.${addressCounter}`
}

const signIn = (app: TestApp, email: string, remoteAddress = newAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/sessions',
    remoteAddress,
    payload: { email, password: 'not-the-password' },
  })

describe('limits shared through Redis by two instances', () => {
  it('counts failed sign-ins of one account on both instances together', async () => {
    const email = `target-${randomBytes(3).toString('hex')}@example.lk`
    // Every try from a new address, alternating instances: only the per-account budget can stop it.
    for (let i = 0; i < SIGN_IN_BUDGETS.perAccount.max; i++) {
      expect((await signIn(i % 2 === 0 ? first : second, email)).statusCode).toBe(401)
    }
    for (const app of [first, second]) {
      const blocked = await signIn(app, email)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().error.key).toBe('errors.signInSlowedDown')
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    }
    // Another account is not held back.
    expect((await signIn(second, `other-${randomBytes(3).toString('hex')}@example.lk`)).statusCode).toBe(401)
  })

  it("counts a route's per-address limit on both instances together", async () => {
    const address = newAddress()
    // Failures on real accounts: made-up e-mails do not spend an address's budget (0059).
    const accounts: string[] = []
    for (let i = 0; i <= AUTH_RATE_LIMIT; i++) accounts.push((await createUser(first)).email)
    for (let i = 0; i < AUTH_RATE_LIMIT; i++) {
      const app = i % 2 === 0 ? first : second
      expect((await signIn(app, accounts[i]!, address)).statusCode).toBe(401)
    }
    for (const app of [first, second]) {
      expect((await signIn(app, accounts[AUTH_RATE_LIMIT]!, address)).statusCode).toBe(429)
    }
    expect((await signIn(first, accounts[AUTH_RATE_LIMIT]!, newAddress())).statusCode).toBe(401)
  })

  it('takes places atomically: of 100 parallel takes of 5 on two instances, 5 pass', async () => {
    const key = `burst:${randomBytes(4).toString('hex')}`
    const budget = { max: 5, windowMs: 60_000 }
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? first : second).services.limits.take(key, budget)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    // Refused takes are given back: the count is what was let through.
    expect((await first.services.limits.peek(key)).count).toBe(5)
  })

  it('100 parallel wrong passwords from one address over both instances: the address’s 4 checked', async () => {
    const { email } = await createUser(first, { address: newAddress() })
    const address = newAddress()
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(i % 2 === 0 ? first : second, email, address)),
    )
    const statuses = answers.map((a) => a.statusCode)
    // The address's AUTH_RATE_LIMIT (4 here) is below the per-source budget (5).
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_RATE_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - AUTH_RATE_LIMIT)
  })

  it('caps streams across instances and frees a slot when its stream closes', async () => {
    const store = first.services.limits.store
    const key = `streams:user:${randomBytes(4).toString('hex')}`
    expect(await store.acquire(key, 'a', 2, 60_000)).toBe(true)
    expect(await second.services.limits.store.acquire(key, 'b', 2, 60_000)).toBe(true)
    expect(await store.acquire(key, 'c', 2, 60_000)).toBe(false)
    // Taking a held slot again (the keepalive) is no new stream.
    expect(await second.services.limits.store.acquire(key, 'b', 2, 60_000)).toBe(true)
    await second.services.limits.store.release(key, 'b')
    expect(await store.acquire(key, 'c', 2, 60_000)).toBe(true)
  })

  it('a slot of an instance that died lapses', async () => {
    const store = first.services.limits.store
    const key = `streams:user:${randomBytes(4).toString('hex')}`
    expect(await store.acquire(key, 'crashed', 1, 1)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await store.acquire(key, 'new', 1, 60_000)).toBe(true)
  })
})

describe('when Redis is not there', () => {
  it('refuses to start, naming REDIS_URL', async () => {
    const closed = await startRedisServer()
    await closed.stop()
    await expect(createTestApp({ REDIS_URL: closed.url })).rejects.toThrow(/Could not connect to REDIS_URL/)
  })

  // Runs last: it stops the shared Redis.
  it('fails open once running: sign-in still answers, and nothing is limited until Redis is back', async () => {
    await redis.stop()
    const email = `while-down-${randomBytes(3).toString('hex')}@example.lk`
    const address = newAddress()
    for (let i = 0; i < AUTH_RATE_LIMIT + 2; i++) {
      expect((await signIn(i % 2 === 0 ? first : second, email, address)).statusCode).toBe(401)
    }
  })
})
