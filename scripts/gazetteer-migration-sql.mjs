/**
 * Prints the hand-written part of migration 0030 (docs/decisions/0070-places-are-points.md): the
 * listings, deliveries, events and users saved before points get their town's point from the
 * gazetteer (src/server/features/places/gazetteer.json), by the town's name in any of its scripts
 * within their district, else their district's centroid (src/shared/districts.ts).
 *
 * Run: node scripts/gazetteer-migration-sql.mjs (the output is pasted under "-- hand-written:").
 */
import { readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url)
const places = JSON.parse(readFileSync(new URL('src/server/features/places/gazetteer.json', root), 'utf8'))
const districtsTs = readFileSync(new URL('src/shared/districts.ts', root), 'utf8')
const districts = [
  ...districtsTs.matchAll(/\{ name: '([^']+)', deliveryFee: \d+, lat: ([\d.]+), lng: ([\d.]+) \}/g),
]

const text = (value) => `'${value.replaceAll("'", "''")}'`
const rows = []
for (const p of places) {
  const names = new Set([p.en, p.si, p.ta].filter(Boolean).map((n) => n.toLowerCase()))
  // "Dehiwala-Mount Lavinia" is written "Dehiwala" too.
  if (p.en.includes('-')) names.add(p.en.split('-')[0].toLowerCase())
  for (const name of names) rows.push(`(${text(name)}, ${text(p.district)}, ${p.lat}, ${p.lng})`)
}
const centroids = districts.map(([, name, lat, lng]) => `(${text(name)}, ${lat}, ${lng})`)

/**
 * The point of a town named `city` in `district`, else the district's centroid; both are the
 * updated table's columns, named with their table (the gazetteer's tables have a "district" too).
 */
const pointOf = (axis, city, district) => `coalesce(
  (select t.${axis} from "gazetteer_towns" t where t.name = lower(trim(${city})) and (${district} is null or t.district = ${district}) limit 1),
  (select c.${axis} from "gazetteer_districts" c where c.district = ${district}))`

const statements = [
  `CREATE TABLE "gazetteer_towns" ("name" text NOT NULL, "district" text NOT NULL, "lat" double precision NOT NULL, "lng" double precision NOT NULL)`,
  `INSERT INTO "gazetteer_towns" VALUES\n${rows.join(',\n')}`,
  `CREATE TABLE "gazetteer_districts" ("district" text NOT NULL, "lat" double precision NOT NULL, "lng" double precision NOT NULL)`,
  `INSERT INTO "gazetteer_districts" VALUES\n${centroids.join(',\n')}`,
  `UPDATE "listings" SET "pickup_lat" = ${pointOf('lat', '"listings"."pickup_city"', '"listings"."pickup_district"')}, "pickup_lng" = ${pointOf('lng', '"listings"."pickup_city"', '"listings"."pickup_district"')} WHERE "pickup_lat" IS NULL`,
  `UPDATE "delivery_requests" SET "drop_off_lat" = ${pointOf('lat', '"delivery_requests"."city"', '"delivery_requests"."district"')}, "drop_off_lng" = ${pointOf('lng', '"delivery_requests"."city"', '"delivery_requests"."district"')} WHERE "drop_off_lat" IS NULL AND "address" <> ''`,
  `UPDATE "events" SET "lat" = ${pointOf('lat', '"events"."city"', '"events"."district"')}, "lng" = ${pointOf('lng', '"events"."city"', '"events"."district"')} WHERE "lat" IS NULL`,
  // A person's location is free text ("Kelaniya, near Colombo"): its first part names the town.
  `UPDATE "users" SET "home_lat" = ${pointOf('lat', `split_part("users"."location", ',', 1)`, '"users"."district"')}, "home_lng" = ${pointOf('lng', `split_part("users"."location", ',', 1)`, '"users"."district"')} WHERE "home_lat" IS NULL AND "district" IS NOT NULL`,
  `DROP TABLE "gazetteer_towns"`,
  `DROP TABLE "gazetteer_districts"`,
]
console.log(
  `-- hand-written: rows saved before points get their town's point, else their district's centroid (scripts/gazetteer-migration-sql.mjs).\n${statements.join(';--> statement-breakpoint\n')};`,
)
