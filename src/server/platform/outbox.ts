/**
 * The outbox (docs/decisions/0044-domain-events.md): a change records its events in its own
 * transaction; after the commit the job queue delivers each event to every subscriber that hears it,
 * at least once, and each subscriber applies it once (a key per event and subscriber). A restart, or
 * another instance, delivers what is left.
 */
import { and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Database, DatabaseHandle, Transaction } from '../db/client'
import { domainEvents, eventDeliveries } from '../db/schema'
import type { DomainEvent, NewDomainEvent } from './domain-events'
import { type JobAttempt, type Jobs, type RetryPolicy, stableUuid } from './jobs'

/** Notified in the recording transaction, so every instance's dispatcher wakes at its commit. */
const CHANNEL = 'domain_events'

/**
 * Five tries, 30 s to 4 minutes apart as for mail; a delivery running on an instance that died is
 * tried again a minute later (expiry), and the key makes the second try a no-op if the first got
 * through.
 */
const SUBSCRIBER_RETRY: RetryPolicy = {
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
}

/** Delivered events are kept this long (the operator may look back); failed ones stay. */
const KEEP_DELIVERED_DAYS = 30

type Log = { error(obj: unknown, msg: string): void }

/** Records events in the caller's transaction: they exist exactly when the change does. */
export async function recordEvents(tx: Transaction, ...events: NewDomainEvent[]): Promise<void> {
  if (events.length === 0) return
  await tx.insert(domainEvents).values(
    events.map((event) => ({
      type: event.type,
      payload: event.payload,
      notices: event.notices ?? [],
      changes: event.changes ?? [],
    })),
  )
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`)
}

/** One delivery of one event to one subscriber. */
export type Delivery = {
  /** A UUID of the event and the subscriber: derive ids from it to make a step idempotent. */
  key: string
  /**
   * Runs `work` in a transaction that also marks this delivery done, unless it is done already: for
   * subscribers whose effect is rows in the database (a bell, an event of their own).
   */
  once(work: (tx: Transaction) => Promise<void>): Promise<void>
}

export type Subscriber = {
  /** Names its queue (`event-<name>`) and its deliveries: never rename one with events pending. */
  name: string
  hears(event: DomainEvent): boolean
  /** Applies the event; must be idempotent for `delivery.key` (a retry repeats what got through). */
  deliver(event: DomainEvent, delivery: Delivery): Promise<void>
}

export type Outbox = {
  /** Adds a subscriber and its queue; before start(). */
  subscribe(subscriber: Subscriber): Promise<void>
  /** Hands the events not yet handed to the job queue over to it: one job per event and subscriber. */
  dispatch(): Promise<number>
  /** Delivers every pending event here and now, and what those deliveries record in turn (tests). */
  settle(): Promise<void>
  /** Events not yet delivered to all their subscribers, and deliveries whose last try failed. */
  stats(): Promise<{ pending: number; dead: number }>
  start(): Promise<void>
  stop(): Promise<void>
}

function toEvent(row: typeof domainEvents.$inferSelect): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    notices: row.notices,
    changes: row.changes,
    createdAt: row.createdAt,
  } as DomainEvent
}

/**
 * `pollMs` is how often an instance looks for events it did not hear of (a restart, a lost
 * notification); 0 = only when a test calls dispatch() or settle(). `retry`: tests of the dead state
 * use short delays.
 */
export function createOutbox(
  database: DatabaseHandle,
  jobs: Jobs,
  log: Log,
  { pollMs = 5_000, retry = SUBSCRIBER_RETRY }: { pollMs?: number; retry?: RetryPolicy } = {},
): Outbox {
  const db: Database = database.db
  const subscribers: Subscriber[] = []
  let timer: NodeJS.Timeout | undefined
  let unlisten: (() => Promise<void>) | undefined
  let dispatching: Promise<number> | undefined
  let again = false
  let stopped = false

  const queueOf = (subscriber: Subscriber) => `event-${subscriber.name}`
  const hearing = (event: DomainEvent) => subscribers.filter((s) => s.hears(event))

  async function load(id: string): Promise<DomainEvent | undefined> {
    const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id))
    return row ? toEvent(row) : undefined
  }

  async function mark(
    eventId: string,
    subscriber: string,
    status: 'done' | 'failed' | 'dead',
    error?: string,
  ) {
    const values = { status, error: error ?? null, updatedAt: new Date() }
    await db
      .insert(eventDeliveries)
      .values({ eventId, subscriber, attempts: 1, ...values })
      .onConflictDoUpdate({
        target: [eventDeliveries.eventId, eventDeliveries.subscriber],
        set: { ...values, attempts: sql`${eventDeliveries.attempts} + 1` },
        // A delivery done stays done (a late retry of it changes nothing).
        setWhere: ne(eventDeliveries.status, 'done'),
      })
  }

  /** The event is delivered once every subscriber that hears it is done. */
  async function closeIfDelivered(event: DomainEvent) {
    const names = hearing(event).map((s) => s.name)
    const done = await db
      .select({ subscriber: eventDeliveries.subscriber })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.eventId, event.id), eq(eventDeliveries.status, 'done')))
    if (names.every((name) => done.some((row) => row.subscriber === name))) {
      await db
        .update(domainEvents)
        .set({ deliveredAt: new Date() })
        .where(and(eq(domainEvents.id, event.id), isNull(domainEvents.deliveredAt)))
    }
  }

  /**
   * `known`: the delivery's state when the caller read it already (settle), which saves a query;
   * `close: false` leaves closing the event to the caller, once for all its subscribers.
   */
  async function deliver(
    subscriber: Subscriber,
    event: DomainEvent,
    attempt: JobAttempt,
    { known, close = true }: { known?: { status: string } | null; close?: boolean } = {},
  ) {
    const state =
      known === undefined
        ? (
            await db
              .select({ status: eventDeliveries.status })
              .from(eventDeliveries)
              .where(
                and(eq(eventDeliveries.eventId, event.id), eq(eventDeliveries.subscriber, subscriber.name)),
              )
          )[0]
        : known
    if (state?.status === 'done') return
    // A delivery through once() is marked done in its own transaction: no second write for it.
    let markedInTransaction = false
    const delivery: Delivery = {
      key: stableUuid(event.id, subscriber.name),
      once: (work) =>
        db.transaction(async (tx) => {
          const claimed = await tx
            .insert(eventDeliveries)
            .values({ eventId: event.id, subscriber: subscriber.name, status: 'done', attempts: 1 })
            .onConflictDoUpdate({
              target: [eventDeliveries.eventId, eventDeliveries.subscriber],
              set: { status: 'done', error: null, updatedAt: new Date() },
              setWhere: ne(eventDeliveries.status, 'done'),
            })
            .returning({ eventId: eventDeliveries.eventId })
          if (claimed.length > 0) await work(tx)
          markedInTransaction = true
        }),
    }
    try {
      await subscriber.deliver(event, delivery)
    } catch (error) {
      const last = attempt.retryCount >= attempt.retryLimit
      await mark(event.id, subscriber.name, last ? 'dead' : 'failed', (error as Error).message)
      log.error(
        {
          err: error,
          event: event.type,
          eventId: event.id,
          subscriber: subscriber.name,
          try: attempt.retryCount + 1,
        },
        last ? 'event delivery gave up' : 'event delivery failed; will retry',
      )
      throw error
    }
    if (!markedInTransaction) await mark(event.id, subscriber.name, 'done')
    if (close) await closeIfDelivered(event)
  }

  async function dispatchOnce(): Promise<number> {
    const rows = await db
      .select()
      .from(domainEvents)
      .where(isNull(domainEvents.dispatchedAt))
      .orderBy(asc(domainEvents.createdAt))
      .limit(200)
    for (const row of rows) {
      const event = toEvent(row)
      const heard = hearing(event)
      // Two instances dispatching at once send the same job ids: the queue keeps one of each.
      for (const subscriber of heard) {
        await jobs.enqueue(
          queueOf(subscriber),
          { eventId: event.id },
          { id: stableUuid(event.id, subscriber.name) },
        )
      }
      const now = new Date()
      await db
        .update(domainEvents)
        .set({ dispatchedAt: now, ...(heard.length === 0 ? { deliveredAt: now } : {}) })
        .where(eq(domainEvents.id, event.id))
    }
    return rows.length
  }

  async function dispatch(): Promise<number> {
    if (dispatching) {
      again = true
      return dispatching
    }
    dispatching = (async () => {
      let total = 0
      do {
        again = false
        for (let n = await dispatchOnce(); n > 0; n = await dispatchOnce()) total += n
      } while (again && !stopped)
      return total
    })().finally(() => {
      dispatching = undefined
    })
    return dispatching
  }

  return {
    async subscribe(subscriber) {
      subscribers.push(subscriber)
      await jobs.define<{ eventId: string }>(
        queueOf(subscriber),
        async ({ eventId }, attempt) => {
          const event = await load(eventId)
          if (event) await deliver(subscriber, event, attempt)
        },
        retry,
      )
    },
    dispatch,
    async settle() {
      const failedHere = new Set<string>()
      for (let round = 0; round < 100; round++) {
        const rows = await db
          .select()
          .from(domainEvents)
          .where(isNull(domainEvents.deliveredAt))
          .orderBy(asc(domainEvents.createdAt))
          .limit(500)
        if (rows.length === 0) return
        const done = await db
          .select({
            eventId: eventDeliveries.eventId,
            subscriber: eventDeliveries.subscriber,
            status: eventDeliveries.status,
          })
          .from(eventDeliveries)
          .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
          .where(isNull(domainEvents.deliveredAt))
        let progressed = false
        for (const row of rows) {
          const event = toEvent(row)
          // Known from `done` and this loop, so the event closes without reading its deliveries again.
          let allDone = true
          for (const subscriber of hearing(event)) {
            const id = `${event.id}|${subscriber.name}`
            const state = done.find((d) => d.eventId === event.id && d.subscriber === subscriber.name)
            if (state?.status === 'done') continue
            if (state?.status === 'dead' || failedHere.has(id)) {
              allDone = false
              continue
            }
            try {
              await deliver(
                subscriber,
                event,
                { retryCount: 0, retryLimit: 1 },
                { known: state ?? null, close: false },
              )
              progressed = true
            } catch {
              failedHere.add(id)
              allDone = false
            }
          }
          const now = new Date()
          if (allDone || !row.dispatchedAt) {
            await db
              .update(domainEvents)
              .set({ dispatchedAt: row.dispatchedAt ?? now, ...(allDone ? { deliveredAt: now } : {}) })
              .where(eq(domainEvents.id, event.id))
          }
        }
        if (!progressed) return
      }
    },
    async stats() {
      const [row] = await db
        .select({
          pending: sql<number>`(select count(*)::int from ${domainEvents} where ${domainEvents.deliveredAt} is null)`,
          dead: sql<number>`(select count(*)::int from ${eventDeliveries} where ${eventDeliveries.status} = 'dead')`,
        })
        .from(sql`(select 1) as one`)
      return { pending: Number(row?.pending ?? 0), dead: Number(row?.dead ?? 0) }
    },
    async start() {
      await jobs.schedule('domain-events-cleanup', '17 3 * * *', async (now) => {
        const before = new Date(now.getTime() - KEEP_DELIVERED_DAYS * 86_400_000)
        await db.delete(domainEvents).where(lt(domainEvents.deliveredAt, before))
      })
      if (pollMs === 0) return
      const wake = () => {
        if (!stopped) dispatch().catch((error) => log.error({ err: error }, 'dispatching events failed'))
      }
      unlisten = await database.listen(CHANNEL, wake)
      timer = setInterval(wake, pollMs)
      timer.unref()
      wake()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await unlisten?.().catch(() => {})
      await dispatching?.catch(() => {})
    },
  }
}

/** Deliveries whose every try failed, newest first: `npm run admin -- mail-failures`. */
export async function deadDeliveries(db: Database, limit = 50) {
  return db
    .select({
      eventId: eventDeliveries.eventId,
      type: domainEvents.type,
      subscriber: eventDeliveries.subscriber,
      attempts: eventDeliveries.attempts,
      error: eventDeliveries.error,
      createdAt: domainEvents.createdAt,
    })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
    .where(eq(eventDeliveries.status, 'dead'))
    .orderBy(desc(domainEvents.createdAt))
    .limit(limit)
}
