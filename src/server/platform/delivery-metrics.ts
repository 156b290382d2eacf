/**
 * Every delivery by channel and outcome on /metrics (docs/decisions/0061-sms-in-time.md): mails
 * and SMS by their status in their logs (sent, delivered, retrying, held, expired, dead...), pushes
 * by the state of their jobs (completed, retry, failed...). Counted from the database at each
 * scrape, so every instance reports the same figures and a restart resets none.
 */
import { eq, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import { mailOutbox, smsMessages } from '../db/schema'
import { jobOutcomes } from './jobs'
import type { Metrics } from './prometheus'

export function registerDeliveryMetrics(
  metrics: Metrics,
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>,
  { pushQueue }: { pushQueue: string },
) {
  metrics.gauge(
    'deliveries',
    'Mails, SMS and pushes by outcome (their status, or their job state for pushes)',
    ['channel', 'outcome'],
    async (gauge) => {
      const count = sql<number>`count(*)::int`
      const [mails, texts, pushes] = await Promise.all([
        database.db
          .select({ outcome: mailOutbox.status, n: count })
          .from(mailOutbox)
          .groupBy(mailOutbox.status),
        database.db
          .select({ outcome: smsMessages.status, n: count })
          .from(smsMessages)
          .where(eq(smsMessages.direction, 'out'))
          .groupBy(smsMessages.status),
        jobOutcomes(database, pushQueue),
      ])
      gauge.reset()
      for (const { outcome, n } of mails) gauge.set({ channel: 'mail', outcome }, n)
      for (const { outcome, n } of texts) gauge.set({ channel: 'sms', outcome }, n)
      for (const [outcome, n] of Object.entries(pushes)) gauge.set({ channel: 'push', outcome }, n)
    },
  )
}
