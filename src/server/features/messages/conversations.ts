/**
 * Messages on an order or a delivery, between its parties (docs/decisions/0066-messages.md): read
 * and written by the parties only, until 48 hours after the order ends; each message rings the
 * other parties' bell, pushes, comes by SMS (features/sms, as an outbox subscriber) and refreshes
 * their open page. A reply by SMS comes in through postMessage too (docs/decisions/0067-messages-by-sms.md).
 */
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { type ThreadKind, threadIsOpen } from '../../../shared/messages'
import type { Message, MessageInput } from '../../../shared/schemas/messages'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { messages, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict, notFound } from '../../platform/errors'
import { BUDGETS, type Counters, WRITE_BUDGETS } from '../../platform/limits'
import { recordEvents } from '../../platform/outbox'
import { ownRows } from '../../platform/personal-data'
import { markRelatedRead } from '../notifications/service'
import { findThread, partiesOf, type Thread } from './threads'

/**
 * The thread as `actor` may read it: 404 when the order or delivery does not exist, 403 for anyone
 * who is not its party. The parties are the order's (order.view: its requester and donor) or the
 * delivery's (delivery.seeContact: with its volunteer), so the policy's own rules answer.
 */
export async function threadFor(db: Database, actor: Actor, kind: ThreadKind, id: string): Promise<Thread> {
  const thread = await findThread(db, kind, id)
  if (!thread) throw notFound(kind === 'order' ? 'orders.errors.orderNotFound' : 'deliveries.errors.notFound')
  if (kind === 'order') authorize(actor, 'order.view', thread)
  else authorize(actor, 'delivery.seeContact', thread)
  return thread
}

/** A message as a thread shows it: its words, when, and its author's name (joined from users). */
const MESSAGE_COLUMNS = {
  id: messages.id,
  authorId: messages.authorId,
  authorName: users.name,
  ...columnsOf(messages, 'quick', 'text', 'createdAt'),
}

export async function readThread(db: Database, actor: Actor, kind: ThreadKind, id: string) {
  const thread = await threadFor(db, actor, kind, id)
  const rows = await db
    .select({ ...MESSAGE_COLUMNS, viaSms: messages.viaSms, hiddenAt: messages.hiddenAt })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.threadKind, kind), eq(messages.threadId, id)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  // Read here, its bells are read: no digest follows (digest.ts).
  await markRelatedRead(db, actor.id, 'message_received', id)
  return {
    items: rows.map(
      (row): Message => ({
        id: row.id,
        author: { id: row.authorId, name: row.authorName },
        // A hidden message's words reach nobody but the moderators.
        quick: row.hiddenAt ? null : (row.quick as Message['quick']),
        text: row.hiddenAt ? null : row.text,
        hidden: row.hiddenAt !== null,
        viaSms: row.viaSms,
        mine: row.authorId === actor.id,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    open: threadIsOpen(thread.endedAt, new Date()),
  }
}

/**
 * Writes a party's message: 409 once the thread is closed, 429 past 30 an hour in the thread or
 * 200 a day overall (a reply by SMS spends the same day's budget the API route does).
 */
export async function postMessage(
  deps: { db: Database; limits: Counters },
  author: { id: string; name: string },
  thread: Thread,
  input: MessageInput,
  { viaSms = false, now = new Date() } = {},
): Promise<Message> {
  if (!threadIsOpen(thread.endedAt, now)) throw conflict('messages.errors.closed')
  await deps.limits.spend(
    `messages:${thread.kind}:${thread.id}:${author.id}`,
    BUDGETS.threadMessages,
    'messages.errors.tooMany',
  )
  if (viaSms)
    await deps.limits.spend(`write:messages:${author.id}`, WRITE_BUDGETS.messages, 'messages.errors.tooMany')
  const others = partiesOf(thread).filter((id) => id !== author.id)
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        threadKind: thread.kind,
        threadId: thread.id,
        authorId: author.id,
        quick: input.quick ?? null,
        text: input.quick ? null : (input.text ?? null),
        viaSms,
      })
      .returning()
    const message = row!
    await recordEvents(tx, {
      type: 'message.sent',
      payload: {
        thread: thread.kind,
        threadId: thread.id,
        messageId: message.id,
        authorId: author.id,
        authorName: author.name,
        quick: message.quick,
        text: message.text,
      },
      notices: others.map((userId) => ({
        userId,
        type: 'message_received' as const,
        params: { name: author.name, title: thread.title },
        relatedId: thread.id,
      })),
      changes: [{ table: 'messages', id: thread.id, userIds: partiesOf(thread) }],
    })
    return {
      id: message.id,
      author,
      quick: message.quick as Message['quick'],
      text: message.text,
      hidden: false,
      viaSms,
      mine: true,
      createdAt: message.createdAt.toISOString(),
    }
  })
}

/** The messages the user wrote, oldest first: their own data (docs/decisions/0039-own-data.md). */
export async function messagesExport(db: Database, userId: string) {
  return ownRows(
    db,
    messages,
    {
      thread: messages.threadKind,
      ...columnsOf(messages, 'threadId', 'quick', 'text', 'viaSms', 'createdAt'),
    },
    { column: messages.authorId, id: userId },
    asc(messages.createdAt),
  )
}

/**
 * Account deletion: the words of the user's messages go; the messages stay in their threads, from
 * the anonymised account ("Deleted user"), so the others' answers still read in order.
 */
export async function eraseMessagesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.update(messages).set({ text: null, quick: null }).where(eq(messages.authorId, userId))
}

/** The message's thread as `actor` may write in it: 404 for an unknown message, 403 for a non-party. */
export async function writerOf(db: Database, actor: Actor, messageId: string): Promise<Thread> {
  const [row] = await db
    .select({ kind: messages.threadKind, id: messages.threadId })
    .from(messages)
    .where(eq(messages.id, messageId))
  if (!row) throw notFound('moderation.errors.targetNotFound')
  return threadFor(db, actor, row.kind as ThreadKind, row.id)
}

/** For a moderator: up to 10 messages of the reported one's thread, up to and including it. */
export async function threadAround(db: Database, messageId: string) {
  const [reported] = await db.select().from(messages).where(eq(messages.id, messageId))
  if (!reported) return null
  const rows = await db
    .select(MESSAGE_COLUMNS)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(
      and(
        eq(messages.threadKind, reported.threadKind),
        eq(messages.threadId, reported.threadId),
        // Compared in the database: a Date keeps milliseconds, PostgreSQL microseconds.
        lte(messages.createdAt, sql`(select created_at from messages where id = ${messageId})`),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(10)
  return rows.reverse().map((row) => ({
    id: row.id,
    author: { id: row.authorId, name: row.authorName },
    quick: row.quick,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }))
}
