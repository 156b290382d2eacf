import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listings, mailOutbox } from '../db/schema'
import { createTestDatabase } from '../test/database'
import { insertListing } from '../test/fixtures'
import { createTestApp, eventually, type TestApp } from '../test/harness'
import { createUser } from '../test/users'
import { JOBS_SCHEMA, startJobs } from './jobs'
import { deadMails } from './mail'

/** Jobs of one queue by state, read from the queue's own table. */
async function jobsOf(app: TestApp, name: string) {
  const { rows } = await app.services.database.executeSql(
    `select state, count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 group by state`,
    [name],
  )
  return Object.fromEntries((rows as { state: string; n: number }[]).map((row) => [row.state, row.n]))
}

const settled = (app: TestApp, name: string) =>
  eventually(`the ${name} jobs to finish`, async () => {
    const states = await jobsOf(app, name)
    return !states.created && !states.retry && !states.active && states
  })

describe('scheduled jobs with two instances on one database', () => {
  let first: TestApp
  let second: TestApp
  const runs: string[] = []

  beforeAll(async () => {
    first = await createTestApp()
    second = await createTestApp({}, undefined, { sharedDatabase: first.database })
    for (const [label, app] of [
      ['first', first],
      ['second', second],
    ] as const) {
      await app.services.jobs.schedule('test-sweep', '* * * * *', async () => {
        runs.push(label)
      })
    }
  })

  afterAll(async () => {
    await second?.teardown()
    await first?.teardown()
  })

  it('runs each schedule once per period, however many instances tick', async () => {
    const minute = new Date('2030-01-01T10:00:00Z').getTime()
    // Both instances tick twice within one minute: one run of each schedule.
    for (const offset of [0, 20_000, 59_999]) {
      await first.services.jobs.tick(new Date(minute + offset))
      await second.services.jobs.tick(new Date(minute + offset))
    }
    expect(await settled(first, 'test-sweep')).toEqual({ completed: 1 })
    expect(await settled(first, 'listing-expiry-sweep')).toEqual({ completed: 1 })
    expect(runs).toHaveLength(1)

    // The next minute is the next period: one more run.
    await second.services.jobs.tick(new Date(minute + 60_000))
    await first.services.jobs.tick(new Date(minute + 90_000))
    expect(await settled(first, 'test-sweep')).toEqual({ completed: 2 })
    expect(await settled(first, 'listing-expiry-sweep')).toEqual({ completed: 2 })
    expect(runs).toHaveLength(2)
  })

  it('the expiry sweep job expires listings past their expiry', async () => {
    const donor = await createUser(first, { role: 'donor' })
    const past = await insertListing(first, donor.id, { expiresAt: new Date(Date.now() - 60_000) })
    await second.services.jobs.tick(new Date('2030-01-01T11:00:00Z'))
    await settled(first, 'listing-expiry-sweep')
    const [row] = await first.services.db.select().from(listings).where(eq(listings.id, past.id))
    expect(row!.status).toBe('expired')
  })
})

describe('mail delivery from the outbox', () => {
  let smtp: SMTPServer
  let port: number
  let refuseNext = 0
  const delivered: string[] = []

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume()
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext -= 1
            const error = Object.assign(new Error('try again later'), { responseCode: 451 })
            return callback(error)
          }
          delivered.push(session.envelope.rcptTo.map((r) => r.address).join(','))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  const quickRetries = { mailRetry: { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false } }
  const outboxRow = async (app: TestApp, to: string) =>
    (await app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]

  it('tries again after a failure and marks the mail sent', async () => {
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, quickRetries)
    try {
      refuseNext = 1
      await app.services.mailer.send({ to: 'retry@example.lk', subject: 'Hello', text: 'Twice' })
      const row = await eventually('the mail sent', async () => {
        const mail = await outboxRow(app, 'retry@example.lk')
        return mail?.status === 'sent' && mail
      })
      expect(row.attempts).toBe(2)
      expect(row.error).toBeNull()
      expect(delivered).toContain('retry@example.lk')
      expect(await deadMails(app.services.db)).toEqual([])
    } finally {
      await app.teardown()
    }
  })

  it('gives up after the last try: the mail is dead, listed for operators and counted', async () => {
    const app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' }, undefined, quickRetries)
    try {
      const failures: string[] = []
      app.services.jobs.onFailure((queue) => failures.push(queue))
      await app.services.mailer.send({ to: 'nobody@example.lk', subject: 'Lost', text: 'Never arrives' })
      const row = await eventually('the mail dead', async () => {
        const mail = await outboxRow(app, 'nobody@example.lk')
        return mail?.status === 'dead' && mail
      })
      expect(row.attempts).toBe(3)
      expect(row.sentAt).toBeNull()
      expect(row.error).toMatch(/ECONNREFUSED|connect/i)
      expect(await deadMails(app.services.db)).toEqual([
        expect.objectContaining({ to: 'nobody@example.lk', subject: 'Lost', attempts: 3 }),
      ])
      // The queue marks the job failed once the last try's handler has returned.
      const stats = await eventually('the dead job counted', async () => {
        const now = await app.services.jobs.stats()
        return now.dead > 0 && now
      })
      expect(stats).toEqual({ queued: 0, failed: 0, dead: 1 })
      expect(failures).toEqual(['mail-delivery', 'mail-delivery', 'mail-delivery'])
      expect(await app.services.jobs.depths()).toMatchObject({ 'mail-delivery': 0 })
    } finally {
      await app.teardown()
    }
  })

  it('without SMTP_URL the mail is in the outbox at once, logged, with no job', async () => {
    const app = await createTestApp()
    try {
      await app.services.mailer.send({ to: 'local@example.lk', subject: 'Here', text: 'At once' })
      expect(await outboxRow(app, 'local@example.lk')).toMatchObject({ status: 'logged', attempts: 0 })
      expect(await app.services.jobs.stats()).toEqual({ queued: 0, failed: 0, dead: 0 })
    } finally {
      await app.teardown()
    }
  })
})

describe('a job still running when the queue stops', () => {
  it('finishes or fails after the database closed without an unhandled rejection', async () => {
    const database = await createTestDatabase()
    const log = { error() {}, info() {} }
    const jobs = await startJobs(database, log, { tickMs: 0, stopWaitMs: 1_000 })
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const started: string[] = []
      for (const outcome of ['completes', 'fails']) {
        await jobs.define(`late-${outcome}`, async () => {
          started.push(outcome)
          await released
          if (outcome === 'fails') throw new Error('too late')
        })
        await jobs.enqueue(`late-${outcome}`, {})
      }
      await eventually('both jobs to start', async () => started.length === 2)
      await jobs.stop()
      await database.close()
      release()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
