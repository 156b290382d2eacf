import { hashPassword } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database } from '../client'
import { categories, listings, users } from '../schema'
import { DEMO_MARKER_EMAIL, DEMO_PASSWORD } from './accounts'
import { addDays, DAY, type DemoContext, type WallClock } from './context'
import { seedCommunity } from './seed-community'
import { seedDeliveries } from './seed-deliveries'
import { seedFood } from './seed-food'
import { seedOrders } from './seed-orders'
import { seedPeople } from './seed-people'
/**
 * Seeds the demo community once (categories are reference data, seeded on every database).
 * Returns true when demo data was inserted. Idempotent: the demo marker account is checked first.
 * Pickups, expiries and events fall in the Sri Lankan day whatever the hour it runs: live listings on
 * the service day (today before 10:00, else tomorrow), so every window is still ahead; past ones
 * on days before today.
 */
export async function seedDemo({ db }: { db: Database }, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_MARKER_EMAIL))
    .limit(1)
  if (existing) return false

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  const today = sriLankaParts(now)
  const serviceDay = today.time < '10:00' ? today.date : addDays(today.date, 1)
  const wallClock = (base: string, { day, at }: WallClock) => ({ date: addDays(base, day), time: at })
  const instant = ({ date, time }: { date: string; time: string }) => sriLankaInstant(date, time)
  const onServiceDay = (at: string) => sriLankaInstant(serviceDay, at)
  const idOf = new Map<string, string>()
  const categoryRows = await db.select().from(categories)
  const categoryId = (slug: string) => categoryRows.find((c) => c.slug === slug)?.id ?? null
  const listingIds: string[] = []
  await db.transaction(async (tx) => {
    const context: DemoContext = {
      tx,
      passwordHash,
      ago,
      today,
      serviceDay,
      wallClock,
      instant,
      onServiceDay,
      idOf,
      user: (key) => idOf.get(key)!,
      categoryId,
      listingIds,
      claimIds: {},
      reserve: async (index, quantity) => {
        await tx
          .update(listings)
          .set({ quantity: sql`${listings.quantity} - ${quantity}`, version: sql`${listings.version} + 1` })
          .where(eq(listings.id, listingIds[index]!))
      },
    }
    await seedPeople(context)
    await seedFood(context)
    await seedOrders(context)
    await seedDeliveries(context)
    await seedCommunity(context)
  })
  return true
}
