import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { createUser, type TestUser } from '../test/users'
import { BUDGETS, SIGN_IN_BUDGETS } from './limits'
import { type Passwords, standardPasswords } from './passwords'
import { delayAfter } from './sign-in-guard'

/** better-auth's real scrypt, counting every password it hashes or checks. */
const checked = { count: 0 }
const countingPasswords: Passwords = {
  hash(password) {
    checked.count += 1
    return standardPasswords.hash(password)
  },
  verify(input) {
    checked.count += 1
    return standardPasswords.verify(input)
  },
}

let addressCounter = 0
const newAddress = () => {
  addressCounter += 1
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

/**
 * The target is under 1 s. This shared test machine (load 20 on 2 cores) measured 1.4 s on PostgreSQL
 * and 2.7 s on PGlite, whose queries run on the server's thread: the bound only catches a burst that
 * holds the server throughout (docs/decisions/0059-limits-before-work.md).
 */
const HEALTH_BOUND_MS = 5000

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '10' }, undefined, {
    realLimits: true,
    signUpAnswerMs: 0,
    passwords: countingPasswords,
  })
})
afterAll(() => app.teardown())

const signIn = (address: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/sessions', remoteAddress: address, payload: { email, password } })

/** Runs `burst` while asking /api/health every 20 ms; answers the slowest health answer in ms. */
async function slowestHealthDuring(burst: Promise<unknown>): Promise<number> {
  let done = false
  let slowest = 0
  const probe = (async () => {
    // From when the probe meant to ask: a thread held by other work delays the asking too.
    let due = performance.now()
    while (!done) {
      const res = await app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(200)
      slowest = Math.max(slowest, performance.now() - due)
      due = performance.now() + 20
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // A hold that ends with the work is measured too.
    slowest = Math.max(slowest, performance.now() - due)
  })()
  await burst.finally(() => {
    done = true
  })
  await probe
  return slowest
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('a burst of sign-ins takes its places before any password is checked', () => {
  it('100 parallel wrong passwords for one account from one address: 5 checked, 95 refused, health quick', async () => {
    const owner = await createUser(app, { address: newAddress() })
    const address = newAddress()
    checked.count = 0
    let statuses: number[] = []
    const burst = Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(address, owner.email, `wrong-${i}`)),
    ).then((answers) => {
      statuses = answers.map((a) => a.statusCode)
    })
    const slowest = await slowestHealthDuring(burst)
    console.info(
      `one account: checked ${checked.count}, ${JSON.stringify(tally(statuses))}, health ≤ ${slowest.toFixed(0)} ms`,
    )
    expect(checked.count).toBe(SIGN_IN_BUDGETS.perSource.max)
    expect(tally(statuses)).toEqual({ 401: 5, 429: 95 })
    expect(slowest).toBeLessThan(HEALTH_BOUND_MS)
  }, 60_000)

  it('100 parallel wrong passwords over 20 accounts from one address: the address’s 10 checked', async () => {
    const accounts: TestUser[] = []
    for (let i = 0; i < 20; i++) accounts.push(await createUser(app, { address: newAddress() }))
    const address = newAddress()
    checked.count = 0
    let statuses: number[] = []
    const burst = Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(address, accounts[i % 20]!.email, `wrong-${i}`)),
    ).then((answers) => {
      statuses = answers.map((a) => a.statusCode)
    })
    const slowest = await slowestHealthDuring(burst)
    console.info(
      `20 accounts: checked ${checked.count}, ${JSON.stringify(tally(statuses))}, health ≤ ${slowest.toFixed(0)} ms`,
    )
    expect(checked.count).toBe(10)
    expect(tally(statuses)).toEqual({ 401: 10, 429: 90 })
    expect(slowest).toBeLessThan(HEALTH_BOUND_MS)
  }, 120_000)

  it('100 parallel tries from 100 addresses: the account’s free failures, then one try per wait that ends', async () => {
    const owner = await createUser(app, { address: newAddress() })
    checked.count = 0
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(newAddress(), owner.email, `wrong-${i}`)),
    )
    const statuses = answers.map((a) => a.statusCode)
    console.info(`100 addresses: checked ${checked.count}, ${JSON.stringify(tally(statuses))}`)
    // The waits after the free failures are 1 s, 2 s, 4 s…: one more try each time one ends.
    const waitsEnded = Math.floor(Math.log2((Date.now() - started) / 1000 + 1))
    expect(checked.count).toBeGreaterThanOrEqual(SIGN_IN_BUDGETS.perAccount.max)
    expect(checked.count).toBeLessThanOrEqual(SIGN_IN_BUDGETS.perAccount.max + waitsEnded)
    expect(statuses.filter((s) => s === 401)).toHaveLength(checked.count)
  }, 60_000)
})

describe('a patient guesser never keeps the owner’s new device out', () => {
  it('one wrong password whenever its wait ends, 40 times: the owner gets in every time', async () => {
    const owner = await createUser(app, { address: newAddress() })
    const patient = newAddress()
    // The account's free failures from many addresses, the patient guesser's among them.
    await signIn(patient, owner.email, 'wrong-first')
    for (let i = 1; i < SIGN_IN_BUDGETS.perAccount.max; i++)
      await signIn(newAddress(), owner.email, `wrong-${i}`)
    // The ceiling's first wait holds every new source once (1 s), the owner's too.
    await new Promise((resolve) => setTimeout(resolve, delayAfter(0) + 100))
    const guesser: number[] = []
    const owners: number[] = []
    for (let i = 0; i < 40; i++) {
      guesser.push((await signIn(patient, owner.email, `patient-${i}`)).statusCode)
      owners.push((await signIn(newAddress(), owner.email, owner.password)).statusCode)
    }
    console.info(`patient guesser: ${JSON.stringify(tally(guesser))}; owner ${JSON.stringify(tally(owners))}`)
    expect(owners).toEqual(Array(40).fill(200))
    // The guesser itself got at most its own budget checked.
    expect(guesser.filter((s) => s === 401).length).toBeLessThanOrEqual(SIGN_IN_BUDGETS.perSource.max - 1)
  }, 60_000)
})

describe('a burst of reset requests', () => {
  it('100 parallel requests for one e-mail from 100 addresses: 5 answered 202, 95 refused', async () => {
    const owner = await createUser(app, { address: newAddress() })
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/password-resets',
          remoteAddress: newAddress(),
          payload: { email: owner.email },
        }),
      ),
    )
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 202: BUDGETS.resetMails.max, 429: 95 })
  })
})
