/**
 * A user's own account in their data export, and its erasure when they delete the account
 * (docs/decisions/0039-own-data.md).
 */

import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { pointOf } from '../../../shared/schemas/point'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import {
  accounts,
  calendarFeeds,
  notificationPreferences,
  sessions,
  users,
  verifications,
} from '../../db/schema'
import type { Passwords } from '../../platform/passwords'
import { ownRows } from '../../platform/personal-data'
import { notificationPreferencesOf } from './preferences'

/** The name every deleted account shows wherever its history stays (orders, stories, events). */
export const DELETED_USER_NAME = 'Deleted user'

/** A unique address nobody can receive mail at (RFC 2606 .invalid): the unique e-mail index holds. */
export function deletedEmailOf(userId: string): string {
  return `deleted-${userId}@deleted.ahara.invalid`
}

/** Every column of the user's own row, and how they sign in (never a password hash or a token). */
export async function profileExport(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  const methods = await db
    .select({ provider: accounts.providerId, since: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    role: row.role,
    donorType: row.donorType,
    district: row.district,
    diet: row.diet,
    location: row.location,
    homePoint: pointOf(row.homeLat, row.homeLng),
    reachKm: row.reachKm,
    phone: row.phone,
    verifiedPhone: row.verifiedPhone,
    smsStoppedAt: row.smsStoppedAt,
    bio: row.bio,
    profilePhoto: row.profileImageUrl,
    providerPhoto: row.image,
    isVerified: row.isVerified,
    vettingRefusal: row.vettingRefusal,
    vettingDecidedAt: row.vettingDecidedAt,
    language: row.language,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    signInMethods: methods.map((m) => ({
      method: m.provider === 'credential' ? 'password' : m.provider,
      since: m.since,
    })),
  }
}

/** The devices signed in: when, from where and with which browser; the session tokens stay out. */
export async function sessionsExport(db: Database, userId: string) {
  return ownRows(
    db,
    sessions,
    {
      signedInAt: sessions.createdAt,
      lastUsedAt: sessions.updatedAt,
      ...columnsOf(sessions, 'expiresAt', 'ipAddress', 'userAgent'),
    },
    { column: sessions.userId, id: userId },
    desc(sessions.createdAt),
  )
}

/** The e-mail and SMS choices the user made, and every kind's setting as it applies (defaults included). */
export async function preferencesExport(db: Database, userId: string) {
  const chosen = await db
    .select(columnsOf(notificationPreferences, 'type', 'email', 'sms', 'updatedAt'))
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return { chosen, inEffect: await notificationPreferencesOf(db, userId) }
}

/** How the user confirms a deletion: their password, or (an account without one) their e-mail. */
export async function deletionConfirmationOf(db: Database, userId: string): Promise<'password' | 'email'> {
  return (await passwordHashOf(db, userId)) ? 'password' : 'email'
}

async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
    )
    .limit(1)
  return row?.password ?? null
}

/** Whether `password` is the user's own (false for an account without one). */
export async function isOwnPassword(
  db: Database,
  passwords: Passwords,
  userId: string,
  password: string,
): Promise<boolean> {
  const hash = await passwordHashOf(db, userId)
  return hash ? passwords.verify({ hash, password }) : false
}

/**
 * Erases the account's personal data and every way into it: the row stays (its id holds the
 * anonymised history the impact figures count, and its role keeps the member counts), named
 * "Deleted user", with a placeholder e-mail and nothing else; e-mail choices, sessions on every device, passwords,
 * linked Google accounts and reset links go.
 */
export async function eraseAccount(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: deletedEmailOf(userId),
      emailVerified: false,
      image: null,
      phone: null,
      verifiedPhone: null,
      smsStoppedAt: null,
      location: null,
      district: null,
      homeLat: null,
      homeLng: null,
      diet: [],
      profileImageUrl: null,
      bio: null,
      isVerified: false,
      vettingRefusal: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId))
  await tx.delete(sessions).where(eq(sessions.userId, userId))
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
  await tx.delete(accounts).where(eq(accounts.userId, userId))
  // Reset links hold the user's id as their value.
  await tx.delete(verifications).where(eq(verifications.value, userId))
}
