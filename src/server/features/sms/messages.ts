/**
 * The SMS log and its sending (docs/decisions/0051-sms-over-smpp.md): every text is a row of
 * `sms_messages` first, then a job of the queue `sms-send` that submits it to the SMSC, retried with
 * back-off like mail (docs/decisions/0025-job-queue.md), round after round until it is stale or a day
 * old (docs/decisions/0061-sms-in-time.md): an SMSC outage delays an SMS, never loses it.
 * A notice written in the quiet hours is held until 07:00 and queued by the minute's release sweep.
 * Without SMS_URL texts are only logged (demo mode shows them in the dev mailbox).
 */
import { and, arrayContains, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm'
import { smsSegments } from '../../../shared/sms'
import type { Database, Transaction } from '../../db/client'
import { smsMessages } from '../../db/schema'
import { type JobAttempt, type Jobs, type RetryPolicy, stableUuid } from '../../platform/jobs'
import type { Metrics } from '../../platform/prometheus'
import type { DeliveryReceipt, SmsGateway } from '../../platform/sms-gateway'

export const SMS_SEND_JOB = 'sms-send'

/**
 * A round of five tries, 30 s, 1, 2 and 4 minutes apart, stretched at random as mail's are. After a
 * round the text waits ROUND_GAP_MS and the release sweep starts another, until it is stale or a day old
 * (docs/decisions/0061-sms-in-time.md): an outage of an afternoon delays an SMS and loses none.
 */
export const SMS_RETRY: RetryPolicy = {
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
}

/**
 * Between two rounds of tries: the minute's sweep starts the next within a minute of it, so never
 * more than 10 minutes pass without a try.
 */
export const ROUND_GAP_MS = 9 * 60_000
/** A text nothing says goes stale is given up a day after it was written. */
export const SMS_GIVE_UP_MS = 24 * 60 * 60_000

/** When a text is given up: when it goes stale, and a day after it was written at the latest. */
export function giveUpAt(row: { createdAt: Date; staleAt: Date | null }): Date {
  const day = row.createdAt.getTime() + SMS_GIVE_UP_MS
  return new Date(row.staleAt ? Math.min(row.staleAt.getTime(), day) : day)
}

type Log = { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void }

export type OutgoingSms = {
  userId: string | null
  /** 94…, as normalisePhone writes it. */
  phone: string
  kind: string
  text: string
  /** Held until then (quiet hours); now or unset: queued at once. */
  notBefore?: Date
  /** A stable id (stableUuid): queuing the same text again records and sends nothing more. */
  id?: string
  /** What a notice is about (an order, a listing). */
  relatedId?: string
  /** No use after this (the pickup window or the event ended); unset: a day after it is written. */
  staleAt?: Date | null
}

export type SmsOutbox = {
  queue(message: OutgoingSms): Promise<void>
  /**
   * Records a text inside the caller's transaction (one that holds a cap's lock, so the next caller
   * counts it: docs/decisions/0059-limits-before-work.md); the answer queues it once committed.
   */
  reserve(tx: Transaction, message: OutgoingSms): Promise<() => Promise<void>>
  /**
   * Queues the held texts whose time has come and starts the next round of tries of those an outage
   * kept waiting; expires those of them past giveUpAt. Answers how many it queued.
   */
  releaseHeld(now?: Date): Promise<number>
  record(incoming: { userId: string | null; phone: string; text: string }): Promise<void>
  receipt(receipt: DeliveryReceipt): Promise<void>
}

export async function createSmsOutbox({
  db,
  jobs,
  gateway,
  metrics,
  log,
  retry = SMS_RETRY,
}: {
  db: Database
  jobs: Jobs
  gateway: SmsGateway | undefined
  metrics: Metrics
  log: Log
  retry?: RetryPolicy
}): Promise<SmsOutbox> {
  const sent = metrics.counter('sms_sent_total', 'SMS the SMSC accepted', ['kind'])
  const failed = metrics.counter(
    'sms_failed_total',
    'Tries of an SMS that failed (it is tried again until its last)',
    ['kind'],
  )
  const received = metrics.counter('sms_received_total', 'SMS from phones (replies)', [])
  const expired = metrics.counter(
    'sms_expired_total',
    'SMS given up after an outage outlasted them (stale, or a day old)',
    ['kind'],
  )

  async function deliver({ id }: { id: string }, attempt: JobAttempt) {
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id))
    if (!row || !gateway || ['sent', 'delivered', 'expired'].includes(row.status)) return
    try {
      const smscIds = await gateway.send(row.phone, row.text)
      await db
        .update(smsMessages)
        .set({
          status: 'sent',
          smscIds,
          sentAt: new Date(),
          error: null,
          attempts: sql`${smsMessages.attempts} + 1`,
        })
        .where(eq(smsMessages.id, id))
      sent.inc({ kind: row.kind })
    } catch (error) {
      const last = attempt.retryCount >= attempt.retryLimit
      failed.inc({ kind: row.kind })
      // After a round's last try the text waits for the sweep's next round, or expires when that
      // round would come after it is of any use.
      const now = new Date()
      const next = new Date(now.getTime() + ROUND_GAP_MS)
      const over = last && next.getTime() >= giveUpAt(row).getTime()
      await db
        .update(smsMessages)
        .set({
          status: over ? 'expired' : 'retrying',
          notBefore: last && !over ? next : null,
          error: (error as Error).message,
          attempts: sql`${smsMessages.attempts} + 1`,
        })
        .where(eq(smsMessages.id, id))
      if (over) expired.inc({ kind: row.kind })
      // The message's id, never its number (docs/decisions/0051-sms-over-smpp.md).
      log.error(
        { err: error, smsId: id, try: row.attempts + 1 },
        over
          ? 'SMS delivery gave up: stale'
          : last
            ? 'SMS delivery failed; next round within 10 minutes'
            : 'SMS delivery failed; will retry',
      )
      // The round's last try ends its job: the next round is a job of its own.
      if (!last) throw error
    }
  }

  if (gateway) await jobs.define(SMS_SEND_JOB, deliver, retry)

  // A round's job id derives from the text and its tries so far: a second sweep of the same round
  // enqueues nothing more.
  const enqueue = (id: string, attempts = 0) =>
    jobs.enqueue(SMS_SEND_JOB, { id }, { id: attempts === 0 ? id : stableUuid(id, String(attempts)) })

  async function insert(into: Database | Transaction, message: OutgoingSms) {
    const held = message.notBefore !== undefined && message.notBefore.getTime() > Date.now()
    const { encoding, parts } = smsSegments(message.text)
    const [row] = await into
      .insert(smsMessages)
      .values({
        ...(message.id ? { id: message.id } : {}),
        userId: message.userId,
        direction: 'out',
        phone: message.phone,
        kind: message.kind,
        text: message.text,
        encoding,
        segments: parts.length,
        status: !gateway ? 'logged' : held ? 'held' : 'pending',
        notBefore: held ? message.notBefore : null,
        staleAt: message.staleAt ?? null,
        relatedId: message.relatedId ?? null,
        createdAt: new Date(),
      })
      .onConflictDoNothing({ target: smsMessages.id })
      .returning({ id: smsMessages.id, status: smsMessages.status })
    // A retry of the same notice finds its row: queued already (the job id is the row's).
    const id = row?.id ?? message.id
    return async () => {
      if (!id || !gateway) return
      if (row ? row.status === 'pending' : !held) await enqueue(id)
    }
  }

  return {
    async queue(message) {
      const send = await insert(db, message)
      await send()
    },
    reserve: insert,
    async releaseHeld(now = new Date()) {
      const lapsed = await db
        .update(smsMessages)
        .set({ status: 'expired', notBefore: null })
        .where(
          and(
            inArray(smsMessages.status, ['held', 'retrying']),
            lte(smsMessages.notBefore, now),
            or(
              lte(smsMessages.staleAt, now),
              lte(smsMessages.createdAt, new Date(now.getTime() - SMS_GIVE_UP_MS)),
            ),
          ),
        )
        .returning({ kind: smsMessages.kind })
      for (const { kind } of lapsed) expired.inc({ kind })
      const due = await db
        .update(smsMessages)
        .set({ status: gateway ? 'pending' : 'logged', notBefore: null })
        .where(and(inArray(smsMessages.status, ['held', 'retrying']), lte(smsMessages.notBefore, now)))
        .returning({ id: smsMessages.id, attempts: smsMessages.attempts })
      if (gateway) for (const { id, attempts } of due) await enqueue(id, attempts)
      return due.length
    },
    async record({ userId, phone, text }) {
      const { encoding, parts } = smsSegments(text)
      await db.insert(smsMessages).values({
        userId,
        direction: 'in',
        phone,
        kind: 'reply',
        text,
        encoding,
        segments: parts.length,
        status: 'received',
        createdAt: new Date(),
      })
      received.inc()
    },
    async receipt({ smscId, delivered }) {
      await db
        .update(smsMessages)
        .set(
          delivered
            ? { status: 'delivered', deliveredAt: new Date() }
            : { status: 'failed', error: 'undelivered' },
        )
        .where(and(eq(smsMessages.direction, 'out'), arrayContains(smsMessages.smscIds, [smscId])))
    },
  }
}

/** How many texts of `kind` went to the user or to the number since `since` (the rate limits). */
export async function sentSince(
  db: Database,
  { kind, userId, phone, since }: { kind: string; userId: string; phone: string; since: Date },
): Promise<{ byUser: number; byPhone: number }> {
  const rows = await db
    .select({ userId: smsMessages.userId, phone: smsMessages.phone })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'out'),
        eq(smsMessages.kind, kind),
        gte(smsMessages.createdAt, since),
        or(eq(smsMessages.userId, userId), eq(smsMessages.phone, phone)),
      ),
    )
  return {
    byUser: rows.filter((row) => row.userId === userId).length,
    byPhone: rows.filter((row) => row.phone === phone).length,
  }
}

/** Whether a help text went to the number since `since` (one a day to strangers and unknown words). */
export async function helpSentSince(db: Database, phone: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'out'),
        eq(smsMessages.phone, phone),
        eq(smsMessages.kind, 'help'),
        gte(smsMessages.createdAt, since),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** The newest texts, both ways: the dev mailbox shows them beside the e-mails. */
export async function latestSms(db: Database, limit = 50) {
  return db.select().from(smsMessages).orderBy(desc(smsMessages.createdAt)).limit(limit)
}
