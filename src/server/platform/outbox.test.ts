/**
 * The outbox's promises (docs/decisions/0044-domain-events.md): an event recorded with a change is
 * delivered by the job queue to each subscriber, a retry or a second instance applies nothing twice,
 * a rolled-back change announces nothing, and a subscriber that keeps failing is dead and listed.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { domainEvents, eventDeliveries, mailOutbox, notifications } from '../db/schema'
import { createTestApp, eventually, type TestApp } from '../test/harness'
import { createUser, type TestUser } from '../test/users'
import type { NewDomainEvent } from './domain-events'
import { deadDeliveries, recordEvents } from './outbox'

let first: TestApp
let second: TestApp
let user: TestUser

beforeAll(async () => {
  first = await createTestApp()
  // A second instance on the same database: its workers take jobs the first one queued.
  second = await createTestApp({}, undefined, { sharedDatabase: first.database })
  user = await createUser(first)
})

afterAll(async () => {
  await second?.teardown()
  await first?.teardown()
})

/** An approval's notice to `user`: a bell and, the kind having one, an e-mail. */
function approval(title: string): NewDomainEvent {
  return {
    type: 'bell.read',
    payload: { userId: user.id },
    notices: [
      {
        userId: user.id,
        type: 'claim_declined',
        params: { title },
        relatedId: '00000000-0000-4000-8000-000000000001',
      },
    ],
    changes: [{ table: 'notifications', userIds: [user.id] }],
  }
}

async function record(app: TestApp, event: NewDomainEvent): Promise<string> {
  await app.services.db.transaction((tx) => recordEvents(tx, event))
  const [row] = await app.services.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .orderBy(domainEvents.createdAt)
    .limit(1)
    .offset((await app.services.db.$count(domainEvents)) - 1)
  return row!.id
}

const bellsAbout = (title: string) =>
  first.services.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.message, `Your claim for "${title}" has been declined.`),
      ),
    )

const mailsAbout = async (title: string) =>
  (await first.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).filter((m) =>
    m.text.includes(title),
  )

describe('the outbox', () => {
  it('delivers a recorded event through the job queue: one bell, one e-mail, every subscriber done', async () => {
    const id = await record(first, approval('Queue rice'))
    expect(await first.services.outbox.dispatch()).toBeGreaterThan(0)
    await eventually('the event delivered', async () => {
      const [row] = await first.services.db.select().from(domainEvents).where(eq(domainEvents.id, id))
      return row?.deliveredAt !== null
    })
    expect(await bellsAbout('Queue rice')).toHaveLength(1)
    expect(await mailsAbout('Queue rice')).toHaveLength(1)
    const done = await first.services.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, id))
    expect(done.map((row) => [row.subscriber, row.status]).sort()).toEqual([
      ['bell', 'done'],
      ['mail', 'done'],
      ['push', 'done'],
      ['realtime', 'done'],
      ['sms', 'done'],
    ])
  })

  it('applies a retried delivery once: a crash after the e-mail was recorded but before it was marked done', async () => {
    const id = await record(first, approval('Retry rice'))
    await first.services.outbox.settle()
    // The state a kill leaves between the mail's insert and its delivery's mark: run it again.
    await first.services.db
      .delete(eventDeliveries)
      .where(and(eq(eventDeliveries.eventId, id), eq(eventDeliveries.subscriber, 'mail')))
    await first.services.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, id))
    await first.services.outbox.settle()
    await first.services.outbox.settle()
    expect(await bellsAbout('Retry rice')).toHaveLength(1)
    expect(await mailsAbout('Retry rice')).toHaveLength(1)
  })

  it('two instances dispatching and delivering the same events at once ring each bell once', async () => {
    const titles = ['Twin rice 1', 'Twin rice 2', 'Twin rice 3', 'Twin rice 4']
    for (const title of titles) await record(first, approval(title))
    await Promise.all([
      first.services.outbox.dispatch(),
      second.services.outbox.dispatch(),
      first.services.outbox.settle(),
      second.services.outbox.settle(),
    ])
    await eventually('every event delivered', async () => (await first.services.outbox.stats()).pending === 0)
    for (const title of titles) {
      expect(await bellsAbout(title), title).toHaveLength(1)
      expect(await mailsAbout(title), title).toHaveLength(1)
    }
  })

  it('a change that rolls back announces nothing', async () => {
    const before = await first.services.db.$count(domainEvents)
    await expect(
      first.services.db.transaction(async (tx) => {
        await recordEvents(tx, approval('Rolled back rice'))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await first.services.db.$count(domainEvents)).toBe(before)
  })
})

describe('a subscriber that keeps failing', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({}, undefined, {
      outboxRetry: { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    })
  })
  afterAll(async () => app?.teardown())

  it('is dead after its last try, listed for the operator and counted in /metrics', async () => {
    const someone = await createUser(app)
    // A type the CHECK constraint refuses stands in for a bell that cannot be rung.
    await app.services.db.transaction((tx) =>
      recordEvents(tx, {
        type: 'bell.read',
        payload: { userId: someone.id },
        notices: [{ userId: someone.id, type: 'no_such_type' as never, params: {}, relatedId: someone.id }],
      }),
    )
    await app.services.outbox.dispatch()
    const [dead] = await eventually('the delivery dead', async () => {
      const rows = await deadDeliveries(app.services.db)
      return rows.length > 0 && rows
    })
    expect(dead).toMatchObject({ subscriber: 'bell', type: 'bell.read', attempts: 2 })
    expect(dead!.error).toMatch(/insert into "notifications"/)
    expect((await app.services.outbox.stats()).dead).toBe(1)
    const metrics = await app.services.metrics.text()
    expect(metrics).toMatch(/^outbox_deliveries_dead 1$/m)
    expect(metrics).toMatch(/^outbox_events_pending \d+$/m)
  })
})
