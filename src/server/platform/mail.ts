import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import { columnsOf } from '../db/columns-of'
import { mailOutbox } from '../db/schema'
import type { JobAttempt, Jobs, RetryPolicy } from './jobs'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  /** A file sent with it (the monthly report), kept in the outbox until it is delivered. */
  attachment?: { filename: string; contentType: string; content: Buffer }
}

export type Mailer = {
  /**
   * Records the mail in the outbox (the dev mailbox shows it at once) and, with SMTP_URL, enqueues
   * its delivery: retried with backoff, `dead` after the last try (docs/decisions/0025-job-queue.md).
   * With an `id` (stableUuid), sending the same mail again records and queues nothing more: an
   * outbox subscriber's retry (docs/decisions/0044-domain-events.md).
   */
  send(message: MailMessage, options?: { id?: string }): Promise<void>
  close(): void
}

export const MAIL_DELIVERY_JOB = 'mail-delivery'

/**
 * Five tries: pg-boss waits 30 s, 1, 2 and 4 minutes between them, each stretched by up to as much
 * again at random (so retries of many mails spread out): 7.5 to 15 minutes in all.
 */
export const MAIL_RETRY: RetryPolicy = {
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
}

export async function createMailer(
  config: AppConfig,
  db: Database,
  jobs: Jobs,
  log: FastifyBaseLogger,
  retry: RetryPolicy = MAIL_RETRY,
): Promise<Mailer> {
  // A try ends within a minute, before the queue takes it for lost (MAIL_RETRY.expireInSeconds).
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : undefined
  const host = new URL(config.publicUrl).hostname

  async function deliver({ id }: { id: string }, attempt: JobAttempt) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    if (!row || row.status === 'sent' || !transport) return
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachment
          ? [
              {
                filename: row.attachment.filename,
                contentType: row.attachment.contentType,
                content: Buffer.from(row.attachment.base64, 'base64'),
              },
            ]
          : undefined,
        // The same Message-ID on every try: a mail sent just before a crash and sent again is one
        // message to the reader's mail program.
        messageId: `<${row.id}@${host}>`,
      })
    } catch (error) {
      const last = attempt.retryCount >= attempt.retryLimit
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'dead' : 'retrying',
          error: (error as Error).message,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id))
      log.error(
        { err: error, mailId: id, try: attempt.retryCount + 1 },
        last ? 'mail delivery gave up' : 'mail delivery failed; will retry',
      )
      throw error
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), error: null, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, id))
  }

  if (transport) await jobs.define(MAIL_DELIVERY_JOB, deliver, retry)

  return {
    async send({ attachment, ...message }, options = {}) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...message,
          attachment: attachment
            ? {
                filename: attachment.filename,
                contentType: attachment.contentType,
                base64: attachment.content.toString('base64'),
              }
            : null,
          ...(options.id ? { id: options.id } : {}),
          status: transport ? 'pending' : 'logged',
        })
        .onConflictDoNothing({ target: mailOutbox.id })
        .returning({ id: mailOutbox.id })
      const id = row?.id ?? options.id
      if (!transport) {
        if (!row) return
        log.info(
          { to: message.to, subject: message.subject },
          `mail recorded in the outbox (no SMTP_URL):\n${message.text}`,
        )
        return
      }
      await jobs.enqueue(MAIL_DELIVERY_JOB, { id }, { id })
    },
    close() {
      transport?.close()
    },
  }
}

/** Mails whose every try failed, newest first: `npm run admin -- mail-failures`. */
export async function deadMails(db: Database, limit = 50) {
  return db
    .select(columnsOf(mailOutbox, 'id', 'to', 'subject', 'attempts', 'error', 'createdAt'))
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'dead'))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}
