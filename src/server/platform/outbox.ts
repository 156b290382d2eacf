/**
 * The outbox's rows (docs/decisions/0044-domain-events.md): a change records its events in its own
 * transaction; the dispatcher (outbox-dispatcher.ts) hands them to the job queue after the commit and
 * marks here what each subscriber has done. A restart, or another instance, delivers what is left.
 */
import { and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Database, Transaction } from '../db/client'
import { columnsOf } from '../db/columns-of'
import { domainEvents, eventDeliveries } from '../db/schema'
import type { DomainEvent, NewDomainEvent } from './domain-events'

/** Notified in the recording transaction, so every instance's dispatcher wakes at its commit. */
export const OUTBOX_CHANNEL = 'domain_events'

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
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`)
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

export type DeliveryStatus = 'done' | 'failed' | 'dead'

export type EventRow = typeof domainEvents.$inferSelect

export function toEvent(row: EventRow): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    notices: row.notices,
    changes: row.changes,
    createdAt: row.createdAt,
  } as DomainEvent
}

export async function loadEvent(db: Database, id: string): Promise<DomainEvent | undefined> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id))
  return row ? toEvent(row) : undefined
}

/** The state of one event's delivery to one subscriber; undefined before its first try. */
export async function deliveryState(db: Database, eventId: string, subscriber: string) {
  const [row] = await db
    .select({ status: eventDeliveries.status })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.subscriber, subscriber)))
  return row
}

export async function markDelivery(
  db: Database,
  eventId: string,
  subscriber: string,
  status: DeliveryStatus,
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

/** Marks the delivery done in `tx`; false when it was done already (the work must not run again). */
export async function claimDelivery(tx: Transaction, eventId: string, subscriber: string): Promise<boolean> {
  const claimed = await tx
    .insert(eventDeliveries)
    .values({ eventId, subscriber, status: 'done', attempts: 1 })
    .onConflictDoUpdate({
      target: [eventDeliveries.eventId, eventDeliveries.subscriber],
      set: { status: 'done', error: null, updatedAt: new Date() },
      setWhere: ne(eventDeliveries.status, 'done'),
    })
    .returning({ eventId: eventDeliveries.eventId })
  return claimed.length > 0
}

/** The event is delivered once every subscriber that hears it (`names`) is done. */
export async function closeIfDelivered(db: Database, eventId: string, names: string[]) {
  const done = await db
    .select({ subscriber: eventDeliveries.subscriber })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.status, 'done')))
  if (names.every((name) => done.some((row) => row.subscriber === name))) {
    await db
      .update(domainEvents)
      .set({ deliveredAt: new Date() })
      .where(and(eq(domainEvents.id, eventId), isNull(domainEvents.deliveredAt)))
  }
}

/** The oldest events not yet handed to the job queue. */
export function undispatchedEvents(db: Database, limit: number) {
  return db
    .select()
    .from(domainEvents)
    .where(isNull(domainEvents.dispatchedAt))
    .orderBy(asc(domainEvents.createdAt))
    .limit(limit)
}

/** Handed to the job queue at `dispatchedAt`; `deliveredAt` once nothing is left to do for it. */
export async function markDispatched(
  db: Database,
  eventId: string,
  at: { dispatchedAt: Date; deliveredAt?: Date },
) {
  await db.update(domainEvents).set(at).where(eq(domainEvents.id, eventId))
}

/** The oldest events some subscriber has not done yet, with every delivery state recorded for them. */
export async function undeliveredEvents(db: Database, limit: number) {
  const rows = await db
    .select()
    .from(domainEvents)
    .where(isNull(domainEvents.deliveredAt))
    .orderBy(asc(domainEvents.createdAt))
    .limit(limit)
  if (rows.length === 0) return { rows, states: [] }
  const states = await db
    .select(columnsOf(eventDeliveries, 'eventId', 'subscriber', 'status'))
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
    .where(isNull(domainEvents.deliveredAt))
  return { rows, states }
}

/** Events not yet delivered to all their subscribers, and deliveries whose last try failed. */
export async function outboxStats(db: Database): Promise<{ pending: number; dead: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(select count(*)::int from ${domainEvents} where ${domainEvents.deliveredAt} is null)`,
      dead: sql<number>`(select count(*)::int from ${eventDeliveries} where ${eventDeliveries.status} = 'dead')`,
    })
    .from(sql`(select 1) as one`)
  return { pending: Number(row?.pending ?? 0), dead: Number(row?.dead ?? 0) }
}

export async function deleteDeliveredBefore(db: Database, before: Date) {
  await db.delete(domainEvents).where(lt(domainEvents.deliveredAt, before))
}

/** Deliveries whose every try failed, newest first: `npm run admin -- mail-failures`. */
export async function deadDeliveries(db: Database, limit = 50) {
  return db
    .select({
      ...columnsOf(eventDeliveries, 'eventId', 'subscriber', 'attempts', 'error'),
      ...columnsOf(domainEvents, 'type', 'createdAt'),
    })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
    .where(eq(eventDeliveries.status, 'dead'))
    .orderBy(desc(domainEvents.createdAt))
    .limit(limit)
}

/**
 * Marks the events this transaction recorded as handed over and delivered, so no subscriber acts
 * on them: for a history written at once, whose mail, SMS and bells were due long ago. Every event
 * of one transaction carries its start time (`now()`).
 */
export async function recordAsPast(tx: Transaction): Promise<number> {
  const closed = await tx
    .update(domainEvents)
    .set({ dispatchedAt: sql`now()`, deliveredAt: sql`now()` })
    .where(and(eq(domainEvents.createdAt, sql`now()`), isNull(domainEvents.dispatchedAt)))
    .returning({ id: domainEvents.id })
  return closed.length
}
