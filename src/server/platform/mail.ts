import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema'

export type MailMessage = { to: string; subject: string; text: string; html?: string }

export type Mailer = {
  /** Records the mail in the outbox, then delivers it over SMTP when SMTP_URL is set. */
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer(config: AppConfig, db: Database, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined
  return {
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id })
      if (!transport) {
        log.info(
          { to: message.to, subject: message.subject },
          `mail recorded in the outbox (no SMTP_URL):\n${message.text}`,
        )
        return
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...message })
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id))
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({ error: (error as Error).message })
          .where(eq(mailOutbox.id, row!.id))
        throw error
      }
    },
    close() {
      transport?.close()
    },
  }
}
