/**
 * The e-mail digest of messages (docs/decisions/0066-messages.md): a party whose message notices
 * from a thread are still unread 15 minutes after they came gets one e-mail about that thread, in
 * their language, unless they turned that kind's e-mail off; one per thread per hour at most, and
 * only for messages that came after the last one.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { messageDigests, messages } from '../../db/schema'
import { translator } from '../../platform/i18n'
import type { Jobs } from '../../platform/jobs'
import { stableUuid } from '../../platform/jobs'
import type { Mailer } from '../../platform/mail'
import { unreadNotices } from '../notifications/service'
import { mailRecipients } from '../users/service'

const UNREAD_FOR_MS = 15 * 60_000
const EVERY_MS = 60 * 60_000
/** Older unread notices are not mailed any more: a digest is about a handover that is near. */
const LOOK_BACK_MS = 24 * 60 * 60_000

export async function sendMessageDigests(db: Database, mailer: Mailer, publicUrl: string, now = new Date()) {
  const groups = await unreadNotices(
    db,
    'message_received',
    new Date(now.getTime() - LOOK_BACK_MS),
    new Date(now.getTime() - UNREAD_FOR_MS),
  )
  if (groups.length === 0) return 0
  const people = await mailRecipients(db, [...new Set(groups.map((group) => group.userId))])
  let sent = 0
  for (const group of groups) {
    const person = people.get(group.userId)
    if (!person?.emailOn.message_received) continue
    const [last] = await db
      .select({ sentAt: messageDigests.sentAt })
      .from(messageDigests)
      .where(
        sql`${messageDigests.userId} = ${group.userId} and ${messageDigests.threadId} = ${group.relatedId}`,
      )
    if (last && (now.getTime() - last.sentAt.getTime() < EVERY_MS || group.latest! <= last.sentAt)) continue
    const [thread] = await db
      .select({ kind: messages.threadKind })
      .from(messages)
      .where(eq(messages.threadId, group.relatedId))
      .limit(1)
    const page =
      thread?.kind === 'order' ? `/orders/${group.relatedId}` : `/dashboard/${person.role ?? 'recipient'}`
    const t = translator(person.language)
    const link = `${publicUrl}${page}`
    await db
      .insert(messageDigests)
      .values({ userId: group.userId, threadId: group.relatedId, sentAt: now })
      .onConflictDoUpdate({ target: [messageDigests.userId, messageDigests.threadId], set: { sentAt: now } })
    await mailer.send(
      {
        to: person.email,
        subject: t('messages.digest.subject', { title: group.title }),
        text: t('mail.notification.text', {
          name: person.name,
          body: t('messages.digest.body', { count: group.count, title: group.title }),
          link,
          preferences: `${publicUrl}/profile#notification-preferences`,
        }),
      },
      { id: stableUuid('message-digest', group.userId, group.relatedId, now.toISOString()) },
    )
    sent += 1
  }
  return sent
}

/** Every minute: the digests that are due. */
export async function scheduleMessageDigests(jobs: Jobs, db: Database, mailer: Mailer, publicUrl: string) {
  const runNow = (now?: Date) => sendMessageDigests(db, mailer, publicUrl, now)
  await jobs.schedule('message-digests', '* * * * *', (now) => runNow(now))
  return { runNow }
}
