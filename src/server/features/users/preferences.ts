/** Which notification kinds also come by e-mail, per user (docs/decisions/0029-one-notification-channel.md). */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  type EmailNotificationType,
  type EmailPreferences,
  isEmailType,
  isSmsType,
  type SmsPreferences,
  smsWithDefaults,
  withDefaults,
} from '../../../shared/notification-preferences'
import type { NotificationPreferencesUpdate } from '../../../shared/schemas/notification-preferences'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { notificationPreferences, users } from '../../db/schema'
import type { MailRecipient } from '../notifications/service'

export type ChannelPreferences = { email: EmailPreferences; sms: SmsPreferences }

/** Per kind, whether it also comes by e-mail, and by SMS (null in a row: that channel's default). */
export async function notificationPreferencesOf(db: Database, userId: string): Promise<ChannelPreferences> {
  const rows = await db
    .select(columnsOf(notificationPreferences, 'type', 'email', 'sms'))
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return {
    email: withDefaults(Object.fromEntries(rows.map((row) => [row.type, row.email]))),
    sms: smsWithDefaults(Object.fromEntries(rows.map((row) => [row.type, row.sms]))),
  }
}

export async function emailPreferencesOf(db: Database, userId: string): Promise<EmailPreferences> {
  return (await notificationPreferencesOf(db, userId)).email
}

/**
 * Stores the kinds the user changed, per channel (one upsert each: a row's other channel keeps its
 * value) and answers every kind's setting.
 */
export async function setNotificationPreferences(
  db: Database,
  userId: string,
  update: NotificationPreferencesUpdate,
): Promise<ChannelPreferences> {
  const now = new Date()
  const email = Object.entries(update.email ?? {})
    .filter((entry): entry is [EmailNotificationType, boolean] => typeof entry[1] === 'boolean')
    .map(([type, value]) => ({ userId, type, email: value, updatedAt: now }))
  const sms = Object.entries(update.sms ?? {})
    .filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean' && isSmsType(entry[0]))
    .map(([type, value]) => ({ userId, type, sms: value, updatedAt: now }))
  const target = [notificationPreferences.userId, notificationPreferences.type]
  if (email.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(email)
      .onConflictDoUpdate({ target, set: { email: sql`excluded.email`, updatedAt: now } })
  }
  if (sms.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(sms)
      .onConflictDoUpdate({ target, set: { sms: sql`excluded.sms`, updatedAt: now } })
  }
  return notificationPreferencesOf(db, userId)
}

/** The users a set of notifications goes to, with their language and e-mail settings. */
export async function mailRecipients(db: Database, userIds: string[]): Promise<Map<string, MailRecipient>> {
  if (userIds.length === 0) return new Map()
  const [people, choices] = await Promise.all([
    db
      .select(columnsOf(users, 'id', 'name', 'email', 'language', 'role'))
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

/** Whom a notice by SMS goes to: their verified number (null: none), language and SMS settings. */
export type SmsRecipient = {
  id: string
  name: string
  language: string
  phone: string | null
  /** They replied STOP (docs/decisions/0052-sms-replies.md). */
  stopped: boolean
  smsOn: SmsPreferences
}

export async function smsRecipients(db: Database, userIds: string[]): Promise<Map<string, SmsRecipient>> {
  if (userIds.length === 0) return new Map()
  const [people, choices] = await Promise.all([
    db
      .select({
        ...columnsOf(users, 'id', 'name', 'language'),
        phone: users.verifiedPhone,
        stoppedAt: users.smsStoppedAt,
      })
      .from(users)
      .where(inArray(users.id, userIds)),
    db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
  ])
  return new Map(
    people.map((person) => {
      const mine = choices.filter((c) => c.userId === person.id)
      return [
        person.id,
        {
          id: person.id,
          name: person.name,
          language: person.language,
          phone: person.phone,
          stopped: person.stoppedAt !== null,
          smsOn: smsWithDefaults(Object.fromEntries(mine.map((c) => [c.type, c.sms]))),
        },
      ]
    }),
  )
}
