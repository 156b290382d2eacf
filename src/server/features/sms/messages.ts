/**
 * The SMS log and its sending (docs/decisions/0051-sms-over-smpp.md): every text is a row of
 * `sms_messages` first, then a job of the queue `sms-send` that submits it to the SMSC, retried with
 * back-off like mail (docs/decisions/0025-job-queue.md): an SMSC outage delays an SMS, never loses it.
 * A notice written in the quiet hours is held until 07:00 and queued by the minute's release sweep.
 * Without SMS_URL texts are only logged (demo mode shows them in the dev mailbox).
 */
import { and, arrayContains, desc, eq, gte, lte, or, sql } from 'drizzle-orm'
import { smsSegments } from '../../../shared/sms'
import type { Database, Transaction } from '../../db/client'
import { smsMessages } from '../../db/schema'
import type { JobAttempt, Jobs, RetryPolicy } from '../../platform/jobs'
import type { Metrics } from '../../platform/prometheus'
import type { DeliveryReceipt, SmsGateway } from '../../platform/sms-gateway'

export const SMS_SEND_JOB = 'sms-send'

/** Five tries, 30 s, 1, 2 and 4 minutes apart, stretched at random as mail's are. */
export const SMS_RETRY: RetryPolicy = {
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
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
}

export type SmsOutbox = {
  queue(message: OutgoingSms): Promise<void>
  /**
   * Records a text inside the caller's transaction (one that holds a cap's lock, so the next caller
   * counts it: docs/decisions/0059-limits-before-work.md); the answer queues it once committed.
   */
  reserve(tx: Transaction, message: OutgoingSms): Promise<() => Promise<void>>
  /** Queues the held texts whose time has come; answers how many. */
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

  async function deliver({ id }: { id: string }, attempt: JobAttempt) {
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id))
    if (!row || !gateway || row.status === 'sent' || row.status === 'delivered') return
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
      await db
        .update(smsMessages)
        .set({
          status: last ? 'dead' : 'retrying',
          error: (error as Error).message,
          attempts: sql`${smsMessages.attempts} + 1`,
        })
        .where(eq(smsMessages.id, id))
      // The message's id, never its number (docs/decisions/0051-sms-over-smpp.md).
      log.error(
        { err: error, smsId: id, try: attempt.retryCount + 1 },
        last ? 'SMS delivery gave up' : 'SMS delivery failed; will retry',
      )
      throw error
    }
  }

  if (gateway) await jobs.define(SMS_SEND_JOB, deliver, retry)

  const enqueue = (id: string) => jobs.enqueue(SMS_SEND_JOB, { id }, { id })

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
      const due = await db
        .update(smsMessages)
        .set({ status: gateway ? 'pending' : 'logged' })
        .where(and(eq(smsMessages.status, 'held'), lte(smsMessages.notBefore, now)))
        .returning({ id: smsMessages.id })
      if (gateway) for (const { id } of due) await enqueue(id)
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
