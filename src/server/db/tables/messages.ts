import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { QUICK_REPLIES, THREAD_KINDS } from '../../../shared/messages'
import { users } from './accounts'
import { oneOf } from './columns'

/**
 * A message in the thread of an order (a claim or a food request) or of a delivery, between its
 * parties (docs/decisions/0066-messages.md): a quick reply by id or a free text. The thread is its
 * kind and id, without a foreign key since an order is in one of two tables. Erasing an account
 * blanks its messages (text and quick null); a moderator may hide one.
 */
export const messages = pg.pgTable(
  'messages',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    threadKind: pg.text('thread_kind').notNull(),
    threadId: pg.uuid('thread_id').notNull(),
    authorId: pg
      .text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quick: pg.text('quick'),
    text: pg.text('text'),
    /** Came in as a reply by SMS (docs/decisions/0067-messages-by-sms.md). */
    viaSms: pg.boolean('via_sms').notNull().default(false),
    /** A moderator hid it (docs/decisions/0066-messages.md): its parties see that it was hidden. */
    hiddenAt: pg.timestamp('hidden_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('messages_thread_kind_check', oneOf(sql`${t.threadKind}`, THREAD_KINDS)),
    pg.check('messages_quick_check', sql`${t.quick} is null or ${oneOf(sql`${t.quick}`, QUICK_REPLIES)}`),
    pg.index('messages_thread_idx').on(t.threadKind, t.threadId, t.createdAt),
    pg.index('messages_author_idx').on(t.authorId, t.createdAt),
  ],
)

/**
 * When a thread's unread messages were last mailed to a party as a digest: once per thread per hour
 * at most (docs/decisions/0066-messages.md).
 */
export const messageDigests = pg.pgTable(
  'message_digests',
  {
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: pg.uuid('thread_id').notNull(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.userId, t.threadId] })],
)
