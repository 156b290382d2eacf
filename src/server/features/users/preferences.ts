/** Which notification kinds also come by e-mail, per user (docs/decisions/0029-one-notification-channel.md). */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  type EmailNotificationType,
  type EmailPreferences,
  isEmailType,
  withDefaults,
} from '../../../shared/notification-preferences'
import type { NotificationPreferencesUpdate } from '../../../shared/schemas/notification-preferences'
import type { Database } from '../../db/client'
import { notificationPreferences, users } from '../../db/schema'

export async function emailPreferencesOf(db: Database, userId: string): Promise<EmailPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return withDefaults(Object.fromEntries(rows.map((row) => [row.type, row.email])))
}

/** Stores the kinds the user changed (one upsert) and answers every kind's setting. */
export async function setEmailPreferences(
  db: Database,
  userId: string,
  update: NotificationPreferencesUpdate,
): Promise<EmailPreferences> {
  const now = new Date()
  const rows = Object.entries(update.email)
    .filter((entry): entry is [EmailNotificationType, boolean] => typeof entry[1] === 'boolean')
    .map(([type, email]) => ({ userId, type, email, updatedAt: now }))
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { email: sql`excluded.email`, updatedAt: now },
      })
  }
  return emailPreferencesOf(db, userId)
}

export type MailRecipient = {
  id: string
  name: string
  email: string
  language: string
  role: string | null
  /** Per e-mail kind: on or off. */
  emailOn: EmailPreferences
}

/** The users a set of notifications goes to, with their language and e-mail settings. */
export async function mailRecipients(db: Database, userIds: string[]): Promise<Map<string, MailRecipient>> {
  if (userIds.length === 0) return new Map()
  const [people, choices] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        role: users.role,
      })
      .from(users)
      .where(inArray(users.id, userIds)),
    db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
  ])
  return new Map(
    people.map((person) => {
      const mine = choices.filter((c) => c.userId === person.id && isEmailType(c.type))
      const settings = withDefaults(Object.fromEntries(mine.map((c) => [c.type, c.email])))
      return [person.id, { ...person, emailOn: settings }]
    }),
  )
}

/** Users of a district who opted in to a kind that is off by default (event_created), but not `except`. */
export async function optedInUserIds(
  db: Database,
  type: EmailNotificationType,
  district: string,
  except: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.type, type),
        eq(notificationPreferences.email, true),
      ),
    )
    .where(and(eq(users.district, district), ne(users.id, except)))
  return rows.map((row) => row.id)
}
