import { hashPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import { recordAsPast } from '../../platform/outbox'
import type { Database } from '../client'
import { categories, users } from '../schema'
import { DEMO_MARKER_EMAIL, DEMO_PASSWORD } from './accounts'
import { addDays, DAY, type DemoContext, type DemoRules, type WallClock } from './context'
import { DEMO_USERS } from './people'
import { seedCommunity } from './seed-community'
import { seedDeliveries } from './seed-deliveries'
import { seedFood } from './seed-food'
import { seedOrders } from './seed-orders'
import { seedPeople } from './seed-people'

/**
 * Seeds the demo community once (categories are reference data, seeded on every database).
 * Returns true when demo data was inserted. Idempotent: the demo marker account is checked first.
 * What the people do now goes through the services, under the app's rules, so the demo holds only
 * what the product accepts. Pickups, expiries and events fall in the Sri Lankan day whatever the
 * hour it runs: live listings on the service day (today before 10:00, else tomorrow), so every
 * window is still ahead; past ones on days before today. One transaction: all of it or nothing.
 */
export async function seedDemo({ db, config }: { db: Database; config: DemoRules }): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_MARKER_EMAIL))
    .limit(1)
  if (existing) return false

  const now = new Date()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const today = sriLankaParts(now)
  const serviceDay = today.time < '10:00' ? today.date : addDays(today.date, 1)
  const idOf = new Map<string, string>()
  const user = (key: string) => idOf.get(key)!
  const categoryRows = await db.select().from(categories)
  await db.transaction(async (tx) => {
    const context: DemoContext = {
      tx,
      rules: { fairUse: config.fairUse, firstRefusal: config.firstRefusal },
      person: (key) => {
        const u = DEMO_USERS.find((p) => p.key === key)!
        return {
          id: user(key),
          role: u.role,
          isVerified: true,
          name: u.name,
          email: u.email,
          district: u.district,
          location: u.location,
          homePoint: u.point,
        }
      },
      passwordHash,
      ago: (days) => new Date(now.getTime() - days * DAY),
      today,
      serviceDay,
      wallClock: (base: string, { day, at }: WallClock) => ({ date: addDays(base, day), time: at }),
      instant: ({ date, time }) => sriLankaInstant(date, time),
      idOf,
      user,
      categoryId: (slug) => categoryRows.find((c) => c.slug === slug)?.id ?? null,
      listingIds: [],
      claimIds: {},
    }
    await seedPeople(context)
    await seedFood(context)
    await seedOrders(context)
    await seedDeliveries(context)
    await seedCommunity(context)
    // The demo's orders, approvals and ratings happened before this start: no one is told of them
    // now (docs/decisions/0002-modes.md).
    await recordAsPast(tx)
  })
  return true
}
