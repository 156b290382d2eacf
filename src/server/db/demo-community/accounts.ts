import { count, sql } from 'drizzle-orm'
import type { Database } from '../client'
import { users } from '../schema'

export const DEMO_PASSWORD = 'ahara-demo-2026'
export const DEMO_MARKER_EMAIL = 'nimal@demo.ahara.lk'

/** Demo accounts live under this domain; production refuses to start while any can sign in. */
export const DEMO_EMAIL_DOMAIN = '@demo.ahara.lk'

const isDemoEmail = sql`lower(${users.email}) like ${`%${DEMO_EMAIL_DOMAIN}`}`

/** How many demo accounts (with the published password) this database holds. */
export async function countDemoAccounts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isDemoEmail)
  return row?.n ?? 0
}

/** Deletes the demo community: its accounts and, through their foreign keys, everything they made. */
export async function removeDemo(db: Database): Promise<number> {
  const removed = await db.delete(users).where(isDemoEmail).returning({ id: users.id })
  return removed.length
}
