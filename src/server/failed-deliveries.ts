/**
 * What the operator's `npm run admin -- failed-deliveries` (once `mail-failures`) lists: every
 * delivery that will not be tried again, newest first, with its last error (docs/decisions/0061-sms-in-time.md).
 * An SMS names its id, never its number (docs/decisions/0051-sms-over-smpp.md).
 */
import type { DatabaseHandle } from './db/client'
import { PUSH_QUEUE } from './features/push/service'
import { failedSms } from './features/sms/service'
import { failedJobs } from './platform/jobs'
import { deadMails } from './platform/mail'
import { deadDeliveries } from './platform/outbox'

export async function failedDeliveryLines(
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>,
): Promise<string[]> {
  const [mails, texts, pushes, deliveries] = await Promise.all([
    deadMails(database.db),
    failedSms(database.db),
    failedJobs(database, PUSH_QUEUE),
    deadDeliveries(database.db),
  ])
  const lines = [
    ...mails.map((row) => ({
      at: row.createdAt,
      text: `mail  ${row.to}  "${row.subject}"  ${row.attempts} tries: ${row.error ?? ''}`,
    })),
    ...texts.map((row) => ({
      at: row.createdAt,
      text: `sms  ${row.status}  ${row.kind} ${row.id}  ${row.attempts} tries: ${row.error ?? ''}`,
    })),
    ...pushes.map((row) => ({
      at: row.createdAt,
      text: `push  job ${row.id}  ${row.tries} tries: ${row.error ?? ''}`,
    })),
    ...deliveries.map((row) => ({
      at: row.createdAt,
      text: `${row.subscriber}  ${row.type} ${row.eventId}  ${row.attempts} tries: ${row.error ?? ''}`,
    })),
  ]
  return lines
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((line) => `${line.at.toISOString()}  ${line.text}`)
}
