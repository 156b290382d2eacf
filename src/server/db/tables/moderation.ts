import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf } from './columns'

/**
 * A user's report of a listing, story, event or user. One open report per reporter and target; a
 * moderator's decision closes it (actioned or dismissed).
 */
export const reports = pg.pgTable(
  'reports',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    reporterId: pg
      .text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: pg.text('target_type').notNull(),
    /** A listing, story or event id (uuid) or a user id. */
    targetId: pg.text('target_id').notNull(),
    reason: pg.text('reason').notNull(),
    note: pg.text('note'),
    status: pg.text('status').notNull().default('open'),
    decidedBy: pg.text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('reports_target_type_check', oneOf(sql`${t.targetType}`, REPORT_TARGET_TYPES)),
    pg.check('reports_reason_check', oneOf(sql`${t.reason}`, REPORT_REASONS)),
    pg.check('reports_status_check', oneOf(sql`${t.status}`, REPORT_STATUSES)),
    pg
      .uniqueIndex('reports_open_unique')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    pg.index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    pg.index('reports_target_idx').on(t.targetType, t.targetId),
  ],
)

/**
 * The audit log of moderation: who did what to which target, when and why. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration moderation). No foreign keys, so that removing a
 * user never rewrites history; actorId null is the operator's command line.
 */
export const moderationLog = pg.pgTable(
  'moderation_log',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    actorId: pg.text('actor_id'),
    action: pg.text('action').notNull(),
    targetType: pg.text('target_type').notNull(),
    targetId: pg.text('target_id').notNull(),
    reason: pg.text('reason'),
    /** What the action needs besides: the new role, the suspension's end, the report acted on. */
    details: pg.jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('moderation_log_action_check', oneOf(sql`${t.action}`, AUDIT_ACTIONS)),
    pg.check('moderation_log_target_type_check', oneOf(sql`${t.targetType}`, AUDIT_TARGET_TYPES)),
    pg.index('moderation_log_created_idx').on(t.createdAt.desc()),
    pg.index('moderation_log_target_idx').on(t.targetType, t.targetId),
  ],
)
