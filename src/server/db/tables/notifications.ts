import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { EMAIL_NOTIFICATION_TYPES } from '../../../shared/notification-preferences'
import { NOTIFICATION_TYPES } from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf } from './columns'

/**
 * A message to one user. title and message hold the English text (mail, logs, API clients); the web
 * app renders the user's language from type and params.
 */
export const notifications = pg.pgTable(
  'notifications',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: pg.text('type').notNull(),
    title: pg.text('title').notNull(),
    message: pg.text('message').notNull(),
    params: pg.jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    relatedId: pg.uuid('related_id'),
    isRead: pg.boolean('is_read').notNull().default(false),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('notifications_type_check', oneOf(sql`${t.type}`, NOTIFICATION_TYPES)),
    pg.index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    pg.index('notifications_user_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
  ],
)

/** A user's choice about one kind's e-mail; without a row the kind's default applies (shared/notification-preferences.ts). */
export const notificationPreferences = pg.pgTable(
  'notification_preferences',
  {
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: pg.text('type').notNull(),
    /** null: the kind's default (src/shared/notification-preferences.ts). */
    email: pg.boolean('email'),
    /** null: the kind's default; only the SMS kinds (src/shared/notification-preferences.ts). */
    sms: pg.boolean('sms'),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.userId, t.type] }),
    pg.check('notification_preferences_type_check', oneOf(sql`${t.type}`, EMAIL_NOTIFICATION_TYPES)),
    pg.index('notification_preferences_type_idx').on(t.type).where(sql`${t.email}`),
  ],
)

/**
 * A browser that asked for web push (docs/decisions/0034-web-push.md): one row per device, the
 * endpoint the push service gave it and the keys that encrypt for it. The language is the user's,
 * read when a push is sent.
 */
export const pushSubscriptions = pg.pgTable(
  'push_subscriptions',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: pg.text('endpoint').notNull(),
    p256dh: pg.text('p256dh').notNull(),
    auth: pg.text('auth').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last subscribe or delivered push: the least recently used goes first past the cap. */
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    pg.index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
  ],
)

/** Mail sent (or, without SMTP, only recorded) by the app; the dev mailbox page reads it. */
export type MailAttachment = { filename: string; contentType: string; base64: string }

export const mailOutbox = pg.pgTable(
  'mail_outbox',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    to: pg.text('to').notNull(),
    subject: pg.text('subject').notNull(),
    text: pg.text('text').notNull(),
    html: pg.text('html'),
    /** One file sent with the mail (the monthly report's PDF), in base64; null for most mails. */
    attachment: pg.jsonb('attachment').$type<MailAttachment>(),
    /** logged (no SMTP_URL) | pending | retrying | sent | dead (every try failed): platform/mail.ts. */
    status: pg.text('status').notNull().default('pending'),
    attempts: pg.integer('attempts').notNull().default(0),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    error: pg.text('error'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('mail_outbox_created_idx').on(t.createdAt.desc()),
    pg.index('mail_outbox_status_idx').on(t.status, t.createdAt.desc()),
  ],
)

/**
 * A code sent to prove a phone number (docs/decisions/0051-sms-over-smpp.md): one at a time per user,
 * its hash only, ten minutes, five tries.
 */
export const phoneCodes = pg.pgTable('phone_codes', {
  userId: pg
    .text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code went to (94…): confirming verifies this one, not a number typed since. */
  phone: pg.text('phone').notNull(),
  codeHash: pg.text('code_hash').notNull(),
  tries: pg.integer('tries').notNull().default(0),
  expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every SMS sent and received (docs/decisions/0051-sms-over-smpp.md): the job queue sends the
 * outgoing ones, the SMSC's receipts mark them delivered. Exported with the user's data and erased
 * with the account; a text from an unknown number has no user.
 */
export const smsMessages = pg.pgTable(
  'sms_messages',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg.text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** out | in */
    direction: pg.text('direction').notNull(),
    /** The other end, as 94…. */
    phone: pg.text('phone').notNull(),
    /** A notification type, `verification`, `reply` or `help` (out); `reply` (in). */
    kind: pg.text('kind').notNull(),
    text: pg.text('text').notNull(),
    /** gsm7 | ucs2 */
    encoding: pg.text('encoding').notNull(),
    segments: pg.integer('segments').notNull(),
    /**
     * logged (no SMS_URL) | held (quiet hours) | pending | retrying | sent | delivered | failed
     * (receipt) | expired (the SMSC could not take it before it went stale) | received; `dead` in
     * rows from before docs/decisions/0061-sms-in-time.md.
     */
    status: pg.text('status').notNull(),
    /** The SMSC's ids of the parts, to match its delivery receipts. */
    smscIds: pg.text('smsc_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Held until then (quiet hours), or the next round of tries after an outage (status retrying). */
    notBefore: pg.timestamp('not_before', { withTimezone: true }),
    /** What a notice is about (an order, a listing): a reply of 1 to a first-refusal offer finds its listing. */
    relatedId: pg.text('related_id'),
    /** No use after this (its pickup window or event ended): an outage past it expires the text. */
    staleAt: pg.timestamp('stale_at', { withTimezone: true }),
    attempts: pg.integer('attempts').notNull().default(0),
    error: pg.text('error'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    deliveredAt: pg.timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('sms_messages_user_idx').on(t.userId, t.createdAt),
    pg.index('sms_messages_phone_idx').on(t.phone, t.createdAt),
    pg.index('sms_messages_waiting_idx').on(t.notBefore).where(sql`${t.status} in ('held', 'retrying')`),
  ],
)

/**
 * A user's private calendar subscription (webcal) of their upcoming pickups and deliveries: the
 * SHA-256 of its token, never the token, which is shown once; a new token replaces it, and deleting
 * the row revokes it (docs/decisions/0047-pickup-codes.md).
 */
export const calendarFeeds = pg.pgTable('calendar_feeds', {
  userId: pg
    .text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: pg.text('token_hash').notNull().unique(),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
