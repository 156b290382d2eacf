import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { findDistrict } from '../../shared/districts'
import { insertListing } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'
import { events, listings, users } from './schema'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

/** Migration 0032's hand-written statements (the index is already there), as the migrator runs them. */
const statements = readFileSync(new URL('./migrations/0032_places.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => statement && !statement.startsWith('CREATE INDEX'))

it('gives rows saved before points their town’s point in any script, else their district’s centroid', async () => {
  const { db } = ctx.app.services
  const kandy = await insertListing(ctx.app, ctx.donor.id, { pickupCity: 'මහනුවර', pickupDistrict: 'Kandy' })
  const dehiwala = await insertListing(ctx.app, ctx.donor.id, {
    pickupCity: 'Dehiwala',
    pickupDistrict: 'Colombo',
  })
  const village = await insertListing(ctx.app, ctx.donor.id, {
    pickupCity: 'Udawela',
    pickupDistrict: 'Matale',
  })
  const placed = await insertListing(ctx.app, ctx.donor.id, { pickupLat: 6.9, pickupLng: 79.9 })
  // A town's name in the wrong district is not that town.
  const wrong = await insertListing(ctx.app, ctx.donor.id, { pickupCity: 'Kandy', pickupDistrict: 'Galle' })
  const [event] = await db
    .insert(events)
    .values({
      organizerId: ctx.donor.id,
      title: 'Dansal',
      description: 'Rice',
      startsAt: new Date(Date.now() + 86_400_000),
      address: 'Temple Road',
      city: 'கண்டி',
      district: 'Kandy',
    })
    .returning()
  await db
    .update(users)
    .set({ location: 'Kandy, near the lake', district: 'Kandy' })
    .where(eq(users.id, ctx.donor.id))

  for (const statement of statements) await db.execute(sql.raw(statement))

  const point = async (id: string) => {
    const [row] = await db.select().from(listings).where(eq(listings.id, id))
    return { lat: row!.pickupLat, lng: row!.pickupLng }
  }
  const kandyPoint = await point(kandy.id)
  expect(kandyPoint.lat).toBeCloseTo(7.29, 1)
  expect((await point(dehiwala.id)).lat).toBeCloseTo(6.84, 2)
  const matale = findDistrict('Matale')!
  expect(await point(village.id)).toEqual({ lat: matale.lat, lng: matale.lng })
  expect(await point(placed.id)).toEqual({ lat: 6.9, lng: 79.9 })
  const galle = findDistrict('Galle')!
  expect(await point(wrong.id)).toEqual({ lat: galle.lat, lng: galle.lng })
  const [venue] = await db.select().from(events).where(eq(events.id, event!.id))
  expect({ lat: venue!.lat, lng: venue!.lng }).toEqual(kandyPoint)
  const [donor] = await db.select().from(users).where(eq(users.id, ctx.donor.id))
  expect({ lat: donor!.homeLat, lng: donor!.homeLng }).toEqual(kandyPoint)
  const left = await db.execute(sql`select to_regclass('gazetteer_towns') as "t"`)
  expect((left as unknown as { rows: { t: string | null }[] }).rows[0]!.t).toBeNull()
})
