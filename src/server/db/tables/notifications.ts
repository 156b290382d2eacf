import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { EMAIL_NOTIFICATION_TYPES } from '../../../shared/notification-preferences'
import { NOTIFICATION_TYPES } from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf } from './columns'

/**
 * A message to one user. title and message hold the English text (mail, logs, API clients); the web
 * app renders the user's language from type and params.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    relatedId: uuid('related_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_type_check', oneOf(sql`${t.type}`, NOTIFICATION_TYPES)),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
  ],
)

/** A user's choice about one kind's e-mail; without a row the kind's default applies (shared/notification-preferences.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** null: the kind's default (src/shared/notification-preferences.ts). */
    email: boolean('email'),
    /** null: the kind's default; only the SMS kinds (src/shared/notification-preferences.ts). */
    sms: boolean('sms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_type_check', oneOf(sql`${t.type}`, EMAIL_NOTIFICATION_TYPES)),
    index('notification_preferences_type_idx').on(t.type).where(sql`${t.email}`),
  ],
)

/**
 * A browser that asked for web push (docs/decisions/0034-web-push.md): one row per device, the
 * endpoint the push service gave it and the keys that encrypt for it. The language is the user's,
 * read when a push is sent.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last subscribe or delivered push: the least recently used goes first past the cap. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
  ],
)

/** Mail sent (or, without SMTP, only recorded) by the app; the dev mailbox page reads it. */
export type MailAttachment = { filename: string; contentType: string; base64: string }

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** One file sent with the mail (the monthly report's PDF), in base64; null for most mails. */
    attachment: jsonb('attachment').$type<MailAttachment>(),
    /** logged (no SMTP_URL) | pending | retrying | sent | dead (every try failed): platform/mail.ts. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_status_idx').on(t.status, t.createdAt.desc()),
  ],
)

/**
 * A code sent to prove a phone number (docs/decisions/0051-sms-over-smpp.md): one at a time per user,
 * its hash only, ten minutes, five tries.
 */
export const phoneCodes = pgTable('phone_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code went to (94…): confirming verifies this one, not a number typed since. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every SMS sent and received (docs/decisions/0051-sms-over-smpp.md): the job queue sends the
 * outgoing ones, the SMSC's receipts mark them delivered. Exported with the user's data and erased
 * with the account; a text from an unknown number has no user.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** out | in */
    direction: text('direction').notNull(),
    /** The other end, as 94…. */
    phone: text('phone').notNull(),
    /** A notification type, `verification`, `reply` or `help` (out); `reply` (in). */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** gsm7 | ucs2 */
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    /**
     * logged (no SMS_URL) | held (quiet hours) | pending | retrying | sent | delivered | failed
     * (receipt) | expired (the SMSC could not take it before it went stale) | received; `dead` in
     * rows from before docs/decisions/0061-sms-in-time.md.
     */
    status: text('status').notNull(),
    /** The SMSC's ids of the parts, to match its delivery receipts. */
    smscIds: text('smsc_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Held until then (quiet hours), or the next round of tries after an outage (status retrying). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** What a notice is about (an order, a listing): a reply of 1 to a first-refusal offer finds its listing. */
    relatedId: text('related_id'),
    /** No use after this (its pickup window or event ended): an outage past it expires the text. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
    index('sms_messages_waiting_idx').on(t.notBefore).where(sql`${t.status} in ('held', 'retrying')`),
  ],
)

/**
 * A user's private calendar subscription (webcal) of their upcoming pickups and deliveries: the
 * SHA-256 of its token, never the token, which is shown once; a new token replaces it, and deleting
 * the row revokes it (docs/decisions/0047-pickup-codes.md).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
