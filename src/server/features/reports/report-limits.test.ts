import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({}, undefined, { realLimits: true, signUpAnswerMs: 0 })
})
afterAll(() => app.teardown())

const report = (user: TestUser, month: string) =>
  app.inject({ url: `/api/me/reports/${month}.pdf`, headers: { cookie: user.cookie } })

/** Runs `work` while asking /api/health every 20 ms; answers the slowest health answer in ms. */
async function slowestHealthDuring(work: Promise<unknown>): Promise<number> {
  let done = false
  let slowest = 0
  const probe = (async () => {
    // From when the probe meant to ask: a thread held by other work delays the asking too.
    let due = performance.now()
    while (!done) {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200)
      slowest = Math.max(slowest, performance.now() - due)
      due = performance.now() + 20
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // A hold that ends with the work is measured too.
    slowest = Math.max(slowest, performance.now() - due)
  })()
  await work.finally(() => {
    done = true
  })
  await probe
  return slowest
}

describe('monthly report PDFs', () => {
  it('20 asked at once are rendered off the server’s thread: /api/health keeps answering', async () => {
    const donors: TestUser[] = []
    for (let i = 0; i < 20; i++) donors.push(await createUser(app, { role: 'donor' }))
    // The worker thread's start is not part of the measure.
    expect((await report(donors[0]!, '2026-09')).statusCode).toBe(200)
    let statuses: number[] = []
    const started = performance.now()
    const slowest = await slowestHealthDuring(
      Promise.all(donors.map((donor) => report(donor, '2026-10'))).then((answers) => {
        statuses = answers.map((a) => a.statusCode)
      }),
    )
    console.info(
      `20 reports at once: ${((performance.now() - started) / 1000).toFixed(1)} s, health ≤ ${slowest.toFixed(0)} ms`,
    )
    expect(statuses).toEqual(Array(20).fill(200))
    // Rendered on the server's thread, the twenty held /api/health for the whole burst (8.2 s here).
    // The target is 200 ms; this shared test machine (load 20 on 2 cores) measured 235 ms on PostgreSQL
    // and 1.1 s on PGlite, whose queries run on the server's thread: the bound leaves room for that.
    expect(slowest).toBeLessThan(app.database.kind === 'pglite' ? 2000 : 1000)
  }, 120_000)

  it('renders at most 10 an hour per user; a report already made comes from the cache', async () => {
    const donor = await createUser(app, { role: 'donor' })
    const months = Array.from(
      { length: 12 },
      (_, i) => `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`,
    )
    const answers: number[] = []
    for (const month of months) answers.push((await report(donor, month)).statusCode)
    expect(answers).toEqual([...Array(10).fill(200), 429, 429])
    const refused = await report(donor, months[11]!)
    expect(refused.json().error.key).toBe('dashboards.errors.tooManyReports')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // The same month again, even twenty at once, is the cached one: nothing more is rendered.
    const again = await Promise.all(Array.from({ length: 20 }, () => report(donor, months[0]!)))
    expect(again.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect(again[0]!.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // Another language is another report, so it waits like any other render.
    await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: donor.cookie },
      payload: { language: 'si' },
    })
    expect((await report(donor, months[0]!)).statusCode).toBe(429)
  }, 120_000)
})
