import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type {
  Change,
  DomainEventPayloads,
  DomainEventType,
  NewNotification,
} from '../../platform/domain-events'

/**
 * The outbox: what happened, recorded in the transaction of the change, with the bell notices and
 * realtime topics its feature wrote for it (docs/decisions/0044-domain-events.md). dispatchedAt: the
 * job queue has a job per subscriber; deliveredAt: every subscriber is done.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<DomainEventType>().notNull(),
    payload: jsonb('payload').$type<DomainEventPayloads[DomainEventType]>().notNull(),
    notices: jsonb('notices').$type<NewNotification[]>().notNull().default([]),
    changes: jsonb('changes').$type<Change[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    index('domain_events_undelivered_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`),
    index('domain_events_delivered_idx').on(t.deliveredAt),
  ],
)

/**
 * One row per event and subscriber that ran: its idempotency key. done | failed (will be tried
 * again) | dead (every try failed: `npm run admin -- mail-failures`).
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    status: text('status').$type<'done' | 'failed' | 'dead'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    check('event_deliveries_status_check', sql`${t.status} in ('done', 'failed', 'dead')`),
    index('event_deliveries_dead_idx').on(t.updatedAt).where(sql`${t.status} = 'dead'`),
  ],
)
