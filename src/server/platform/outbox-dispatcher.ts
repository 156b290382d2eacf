/**
 * The outbox's dispatcher (docs/decisions/0044-domain-events.md): after the commit the job queue
 * delivers each recorded event to every subscriber that hears it, at least once, and each subscriber
 * applies it once (a key per event and subscriber). The rows live in outbox.ts.
 */
import type { Database, DatabaseHandle } from '../db/client'
import type { DomainEvent } from './domain-events'
import { type JobAttempt, type Jobs, type RetryPolicy, stableUuid } from './jobs'
import {
  claimDelivery,
  closeIfDelivered,
  type Delivery,
  deleteDeliveredBefore,
  deliveryState,
  loadEvent,
  markDelivery,
  markDispatched,
  OUTBOX_CHANNEL,
  type Outbox,
  outboxStats,
  type Subscriber,
  toEvent,
  undeliveredEvents,
  undispatchedEvents,
} from './outbox'

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
    const state = known === undefined ? await deliveryState(db, event.id, subscriber.name) : known
    if (state?.status === 'done') return
    // A delivery through once() is marked done in its own transaction: no second write for it.
    let markedInTransaction = false
    const delivery: Delivery = {
      key: stableUuid(event.id, subscriber.name),
      once: (work) =>
        db.transaction(async (tx) => {
          if (await claimDelivery(tx, event.id, subscriber.name)) await work(tx)
          markedInTransaction = true
        }),
    }
    try {
      await subscriber.deliver(event, delivery)
    } catch (error) {
      const last = attempt.retryCount >= attempt.retryLimit
      await markDelivery(db, event.id, subscriber.name, last ? 'dead' : 'failed', (error as Error).message)
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
    if (!markedInTransaction) await markDelivery(db, event.id, subscriber.name, 'done')
    if (close) {
      await closeIfDelivered(
        db,
        event.id,
        hearing(event).map((s) => s.name),
      )
    }
  }

  async function dispatchOnce(): Promise<number> {
    const rows = await undispatchedEvents(db, 200)
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
      await markDispatched(db, event.id, {
        dispatchedAt: now,
        ...(heard.length === 0 ? { deliveredAt: now } : {}),
      })
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

  /** One round of settle(): true when some delivery went through. */
  async function settleRound(failedHere: Set<string>): Promise<boolean> {
    const { rows, states } = await undeliveredEvents(db, 500)
    let progressed = false
    for (const row of rows) {
      const event = toEvent(row)
      // Known from `states` and this loop, so the event closes without reading its deliveries again.
      let allDone = true
      for (const subscriber of hearing(event)) {
        const id = `${event.id}|${subscriber.name}`
        const state = states.find((d) => d.eventId === event.id && d.subscriber === subscriber.name)
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
        await markDispatched(db, event.id, {
          dispatchedAt: row.dispatchedAt ?? now,
          ...(allDone ? { deliveredAt: now } : {}),
        })
      }
    }
    return progressed
  }

  return {
    async subscribe(subscriber) {
      subscribers.push(subscriber)
      await jobs.define<{ eventId: string }>(
        queueOf(subscriber),
        async ({ eventId }, attempt) => {
          const event = await loadEvent(db, eventId)
          if (event) await deliver(subscriber, event, attempt)
        },
        retry,
      )
    },
    dispatch,
    async settle() {
      const failedHere = new Set<string>()
      for (let round = 0; round < 100; round++) {
        if (!(await settleRound(failedHere))) return
      }
    },
    stats: () => outboxStats(db),
    async start() {
      await jobs.schedule('domain-events-cleanup', '17 3 * * *', (now) =>
        deleteDeliveredBefore(db, new Date(now.getTime() - KEEP_DELIVERED_DAYS * 86_400_000)),
      )
      if (pollMs === 0) return
      const wake = () => {
        if (!stopped) dispatch().catch((error) => log.error({ err: error }, 'dispatching events failed'))
      }
      unlisten = await database.listen(OUTBOX_CHANNEL, wake)
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
