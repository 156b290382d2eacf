import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
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
export const domainEvents = pg.pgTable(
  'domain_events',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    type: pg.text('type').$type<DomainEventType>().notNull(),
    payload: pg.jsonb('payload').$type<DomainEventPayloads[DomainEventType]>().notNull(),
    notices: pg.jsonb('notices').$type<NewNotification[]>().notNull().default([]),
    changes: pg.jsonb('changes').$type<Change[]>().notNull().default([]),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: pg.timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: pg.timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('domain_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    pg.index('domain_events_undelivered_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`),
    pg.index('domain_events_delivered_idx').on(t.deliveredAt),
  ],
)

/**
 * One row per event and subscriber that ran: its idempotency key. done | failed (will be tried
 * again) | dead (every try failed: `npm run admin -- mail-failures`).
 */
export const eventDeliveries = pg.pgTable(
  'event_deliveries',
  {
    eventId: pg
      .uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: pg.text('subscriber').notNull(),
    status: pg.text('status').$type<'done' | 'failed' | 'dead'>().notNull(),
    attempts: pg.integer('attempts').notNull().default(0),
    error: pg.text('error'),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.eventId, t.subscriber] }),
    pg.check('event_deliveries_status_check', sql`${t.status} in ('done', 'failed', 'dead')`),
    pg.index('event_deliveries_dead_idx').on(t.updatedAt).where(sql`${t.status} = 'dead'`),
  ],
)
