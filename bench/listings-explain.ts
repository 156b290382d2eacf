/**
 * EXPLAIN ANALYZE of every SQL statement behind the requests of bench/listings.bench.ts, on a
 * PostgreSQL database the bench kept (BENCH_KEEP_DATABASE=1):
 *
 *   npx tsx bench/listings-explain.ts postgres://postgres@127.0.0.1:5432/<kept database> [--plans]
 *
 * Prints each statement's execution time (the fastest of 5), the scans of its plan (which index, or a
 * Seq Scan) and each request's total; --plans prints the whole plans. Asserts nothing.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Database } from '../src/server/db/client'
import * as schema from '../src/server/db/schema'
import { homeData } from '../src/server/features/impact-figures/service'
import { listCities, listListings } from '../src/server/features/listings/service'
import { listingQuerySchema } from '../src/shared/schemas/listing-query'
import { LISTING_QUERIES } from './listings-queries'

const [url] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const printPlans = process.argv.includes('--plans')
const RUNS = 5
if (!url) throw new Error('usage: npx tsx bench/listings-explain.ts <postgres url> [--plans]')

const pool = new pg.Pool({ connectionString: url, max: 4 })
let logged: { sql: string; params: unknown[] }[] = []
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
}) as unknown as Database

/** Runs what the route behind `url` runs. */
async function request(path: string) {
  const { pathname, searchParams } = new URL(path, 'http://bench')
  if (pathname === '/api/listings') {
    return listListings(db, listingQuerySchema.parse(Object.fromEntries(searchParams)), null)
  }
  if (pathname === '/api/listings/cities') return listCities(db)
  // The first call in this process: the figures are computed, not remembered.
  if (pathname === '/api/home') return homeData(db, null)
  throw new Error(`no route for ${path}`)
}

// BENCH_QUERIES=near: only the requests whose name holds it, as in the bench.
for (const [name, path] of LISTING_QUERIES.filter(([n]) => n.includes(process.env.BENCH_QUERIES ?? ''))) {
  logged = []
  await request(path)
  console.log(`\n== ${name}  (${path})`)
  let total = 0
  for (const { sql, params } of logged) {
    // The fastest of RUNS runs: on a shared machine the others mostly measure waiting for a CPU.
    let lines: string[] = []
    let best = Number.POSITIVE_INFINITY
    for (let run = 0; run < RUNS; run += 1) {
      const result = await pool.query(`explain (analyze, format text) ${sql}`, params)
      const plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']!)
      const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1])
      if (ms < best) [best, lines] = [ms, plan]
    }
    total += best
    const time = `${best.toFixed(3)} ms`
    const scans = lines
      .map((l) => l.trim().replace(/^->\s*/, ''))
      .filter((l) => /Scan/.test(l))
      .map((l) => l.replace(/\s+\(cost=.*$/, ''))
    console.log(`  ${time}  ${sql.replace(/\s+/g, ' ').slice(0, 110)}`)
    for (const scan of new Set(scans)) console.log(`      ${scan}`)
    if (printPlans) console.log(lines.map((l) => `    | ${l}`).join('\n'))
  }
  console.log(`  database time of the request: ${total.toFixed(2)} ms`)
}
await pool.end()
