/**
 * The family phone (docs/decisions/0062-the-family-phone.md): one verified number serves up to
 * FAMILY_PHONE_ACCOUNTS accounts (a mother's recipient account and a son's volunteer account on
 * the household's one phone). Replies by SMS act across them; STOP and START act for all of them.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { FAMILY_PHONE_ACCOUNTS } from '../../../shared/sms'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'

type UserRow = typeof users.$inferSelect

/** The accounts whose verified number this is (94…), in the order they verified it. */
export async function accountsOnPhone(db: Database, phone: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.verifiedPhone, phone)).orderBy(asc(users.createdAt))
}

/**
 * Marks `phone` (94…) the user's verified number. False when FAMILY_PHONE_ACCOUNTS other accounts
 * have it already; the count and the update hold a lock on the number, so two accounts verifying
 * at once cannot make a fourth.
 */
export async function markPhoneVerified(db: Database, userId: string, phone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verified-phone:${phone}`}))`)
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.verifiedPhone} = ${phone} and ${users.id} <> ${userId}`)
    if ((row?.n ?? 0) >= FAMILY_PHONE_ACCOUNTS) return false
    await tx
      .update(users)
      .set({ verifiedPhone: phone, smsStoppedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
    return true
  })
}

/** STOP (true) ends every SMS to the number, for every account on it; START (false) resumes them. */
export async function setSmsStoppedOnPhone(db: Database, phone: string, stopped: boolean): Promise<void> {
  await db
    .update(users)
    .set({
      smsStoppedAt: stopped ? sql`coalesce(${users.smsStoppedAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(eq(users.verifiedPhone, phone))
}

/** The name a notice to a shared phone says it is for: the first word of the account's name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}
