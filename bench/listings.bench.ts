/**
 * GET /api/listings with 50,000 listings: seeds them with multi-row inserts, then times pages of
 * search, filters and sorts through the real app (app.inject), on PGlite and on PostgreSQL.
 *
 *   npm run bench                                   # PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_QUERIES=near npm run bench                # only the requests whose name holds "near"
 *
 * On PostgreSQL it creates its own database beside the one in the URL (named after it) and drops it
 * afterwards.
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { type DatabaseHandle, openDatabase } from '../src/server/db/client'
import { seedReferenceData } from '../src/server/db/reference-data'
import { categories, listings, users } from '../src/server/db/schema'
import { DISTRICTS } from '../src/shared/districts'
import { searchKey } from '../src/shared/transliteration'
import { LISTING_QUERIES } from './listings-queries'

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000)
const DONORS = 500
const BATCH = 1000
/**
 * Timed requests per query, after WARM_UPS untimed ones. With 15 the p95 was the slowest of 15, so
 * one garbage collection or one wait for a CPU decided it; of 100 it is the 95th. Every timed
 * request is kept, slow ones included.
 */
const RUNS = 100
const WARM_UPS = 5
/** BENCH_QUERIES=near times only the requests whose name holds it (to compare before and after). */
const ONLY_QUERIES = process.env.BENCH_QUERIES ?? ''
const HOUR = 3_600_000

const FOODS = [
  'rice and curry',
  'kottu',
  'bread loaves',
  'fish buns',
  'string hoppers',
  'milk rice',
  'dhal curry',
  'butter cake',
  'vegetable rolls',
  'fruit platter',
  'king coconut',
  'curd and treacle',
  'biscuit packets',
  'lamprais',
  'biriyani',
  'thosai',
  'vadai',
  'chicken curry',
  'papaya',
  'bananas',
]
const ADJECTIVES = [
  'Fresh',
  'Homemade',
  'Leftover',
  'Buffet',
  'Packed',
  'Hot',
  'Chilled',
  'Wedding',
  'Almsgiving',
  'Bakery',
]
const CITY_SUFFIXES = ['', ' North', ' South', ' Town', ' Central']

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

async function seed(handle: DatabaseHandle) {
  const db = handle.db
  await seedReferenceData(db)
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id)
  const donorIds = Array.from({ length: DONORS }, (_, i) => `bench-donor-${i}`)
  await db.insert(users).values(
    donorIds.map((id, i) => ({
      id,
      name: `Bench Donor ${i}`,
      email: `${id}@bench.ahara.lk`,
      role: 'donor',
      district: DISTRICTS[i % DISTRICTS.length]!.name,
      location: 'Bench',
    })),
  )
  const random = rng(42)
  // Points from their own sequence, so the rows' other values stay those of earlier runs.
  const scatter = rng(7)
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const now = Date.now()
  const started = performance.now()
  for (let offset = 0; offset < LISTINGS; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, LISTINGS - offset) }, () => {
      const district = pick(DISTRICTS)
      const roll = random()
      // 60% available, the rest claimed, completed or expired (past listings pile up over time).
      const status = roll < 0.6 ? 'available' : roll < 0.75 ? 'claimed' : roll < 0.9 ? 'completed' : 'expired'
      const expiresAt =
        status === 'available' || status === 'claimed'
          ? new Date(now + (1 + random() * 96) * HOUR)
          : new Date(now - (1 + random() * 24 * 200) * HOUR)
      const half = random() < 0.35
      const quantity = 1 + Math.floor(random() * 40)
      const food = pick(FOODS)
      return {
        donorId: pick(donorIds),
        title: `${pick(ADJECTIVES)} ${food}`,
        description: `${food} shared from ${district.name}, ${pick(ADJECTIVES).toLowerCase()} and safe to eat.`,
        categoryId: pick(categoryIds),
        quantity: status === 'available' ? quantity : 0,
        initialQuantity: quantity,
        type: half ? 'half-price' : 'free',
        price: half ? 50 + Math.floor(random() * 300) : 0,
        pickupAddress: '1 Bench Road',
        pickupCity: `${district.name}${pick(CITY_SUFFIXES)}`,
        pickupDistrict: district.name,
        // Within ~17 km of the district's centre: the towns around it (docs/decisions/0070-places-are-points.md).
        pickupLat: district.lat + (scatter() - 0.5) * 0.3,
        pickupLng: district.lng + (scatter() - 0.5) * 0.3,
        expiresAt,
        safetyChecklist: {
          freshness: true,
          properStorage: true,
          hygieneStandards: true,
          labelingComplete: true,
        },
        status,
        createdAt: new Date(now - random() * 24 * 365 * HOUR),
      }
    })
    // Search keys as the app writes them (listings/writes.ts), after the row's random picks, so the
    // seeded listings are the same as before the keys.
    await db
      .insert(listings)
      .values(
        rows.map((row) => ({ ...row, searchKey: searchKey(row.title, row.description, row.pickupCity) })),
      )
  }
  // As autovacuum leaves a table soon after a bulk load (its insert threshold): statistics, and the
  // visibility map that lets counts read an index alone.
  await handle.db.execute(sql`vacuum analyze`)
  return performance.now() - started
}

async function run(label: string, handle: DatabaseHandle) {
  await handle.migrate()
  const seedMs = await seed(handle)
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-bench-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  })
  const app = await buildApp({ config, database: handle, jobs: { tickMs: 0 } })
  await app.ready()
  console.log(
    `\n${label}: ${LISTINGS.toLocaleString('en')} listings seeded in ${(seedMs / 1000).toFixed(1)} s`,
  )
  console.log(
    'query'.padEnd(36),
    'median ms'.padStart(10),
    'p95 ms'.padStart(8),
    'items'.padStart(6),
    'avail.'.padStart(7),
  )
  for (const [name, url] of LISTING_QUERIES.filter(([n]) => n.includes(ONLY_QUERIES))) {
    const times: number[] = []
    let last: { items?: unknown[]; listings?: unknown[]; availableCount?: number; cities?: unknown[] } = {}
    for (let i = 0; i < WARM_UPS + RUNS; i += 1) {
      const t = performance.now()
      const res = await app.inject({ method: 'GET', url })
      const ms = performance.now() - t
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
      last = res.json()
      if (i >= WARM_UPS) times.push(ms)
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]!
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!
    const items = (last.items ?? last.listings ?? last.cities)?.length ?? 0
    console.log(
      name.padEnd(36),
      median.toFixed(1).padStart(10),
      p95.toFixed(1).padStart(8),
      String(items).padStart(6),
      String(last.availableCount ?? '').padStart(7),
    )
  }
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}

async function main() {
  if (process.env.BENCH_ONLY !== 'postgres') {
    const pglite = await openDatabase({ kind: 'pglite' })
    await run('PGlite (in memory)', pglite)
    await pglite.close()
  }

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL=postgres://...')
    return
  }
  // Named after the database in the URL, so each bench's databases are recognisably its own.
  const name = `${new URL(url).pathname.slice(1) || 'ahara'}_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    const target = new URL(url)
    target.pathname = `/${name}`
    const handle = await openDatabase({ kind: 'postgres', url: target.toString() })
    try {
      await run(`PostgreSQL (${name})`, handle)
    } finally {
      await handle.close()
    }
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves it for EXPLAIN ANALYZE (drop it yourself afterwards).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${name}`)
    else await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

await main()
