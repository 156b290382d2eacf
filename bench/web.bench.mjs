/**
 * Lighthouse on the built app, as a cheap phone on a slow network sees a first visit: builds, starts
 * `node dist-server/main.js` in demo mode on a temporary data directory, and runs Lighthouse's mobile
 * preset (simulated throttling) in Debian's Chromium on /, /find-food, /impact and a demo listing.
 *
 *   npm run bench:web                 # PORT=3000 by default; BENCH_SKIP_BUILD=1 uses the current build
 *   BENCH_VERBOSE=1 BENCH_REPORTS=<dir> npm run bench:web   # also the audits below 90, and each full report
 *
 * Prints per route the four category scores, first and largest contentful paint, total blocking
 * time, Lighthouse's CPU benchmark of the machine and the bytes transferred (JavaScript, CSS,
 * everything). Asserts nothing: the byte budgets are checked by
 * scripts/check-budgets.mjs in `npm test`.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PORT = Number(process.env.PORT ?? 3000)
const ORIGIN = `http://localhost:${PORT}`
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })

const dataDir = mkdtempSync(join(tmpdir(), 'ahara-bench-web-'))
const server = spawn(process.execPath, ['dist-server/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'warn',
  },
})
const serverExit = new Promise((resolve) => server.on('exit', resolve))

async function stopServer() {
  server.kill('SIGTERM')
  await serverExit
  rmSync(dataDir, { recursive: true, force: true })
}

async function waitUntilReady() {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`)
    try {
      const response = await fetch(`${ORIGIN}/api/health/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the server did not become ready')
}

async function demoListingPath() {
  // The seed runs after the server is ready on a new directory: wait until a listing is there.
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(`${ORIGIN}/api/listings`)
    if (response.ok) {
      const body = await response.json()
      const first = body.items?.[0]
      if (first) return `/listings/${first.id}`
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('no demo listing found')
}

const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART) on a busy machine: run it again. */
function lighthouse(url, attempts = 3) {
  try {
    return lighthouseOnce(url)
  } catch (error) {
    if (attempts <= 1) throw error
    console.error(
      `Lighthouse failed on ${url}, running it again: ${String(error.stderr ?? error).slice(0, 200)}`,
    )
    return lighthouse(url, attempts - 1)
  }
}

function lighthouseOnce(url) {
  const output = execFileSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  )
  return JSON.parse(output)
}

function kib(bytes) {
  return (bytes / 1024).toFixed(1)
}

function summary(route, report) {
  const score = (category) => Math.round((report.categories[category]?.score ?? 0) * 100)
  const resources = report.audits['resource-summary'].details.items
  const bytes = (type) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0
  const count = (type) => resources.find((item) => item.resourceType === type)?.requestCount ?? 0
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    'FCP s': (report.audits['first-contentful-paint'].numericValue / 1000).toFixed(2),
    'LCP s': (report.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2),
    'TBT ms': Math.round(report.audits['total-blocking-time'].numericValue),
    // Lighthouse's own CPU benchmark of this machine during the run: blocking time is measured on the
    // CPU and multiplied by four, so it moves with this figure (README, Web performance).
    'CPU index': Math.round(report.environment.benchmarkIndex),
    'JS KiB (files)': `${kib(bytes('script'))} (${count('script')})`,
    'CSS KiB': kib(bytes('stylesheet')),
    'total KiB': kib(bytes('total')),
  }
}

if (process.env.BENCH_REPORTS) mkdirSync(process.env.BENCH_REPORTS, { recursive: true })

try {
  await waitUntilReady()
  const routes = ['/', '/find-food', '/impact', await demoListingPath()]
  // One unmeasured run: the first requests after a start (files opened, queries planned) are not a visit.
  lighthouse(`${ORIGIN}/`)
  const rows = []
  for (const route of routes) {
    const report = lighthouse(`${ORIGIN}${route}`)
    const row = summary(route.startsWith('/listings/') ? '/listings/:id' : route, report)
    if (process.env.BENCH_REPORTS) {
      writeFileSync(
        join(process.env.BENCH_REPORTS, `${row.route.replaceAll(/[/:]/g, '_')}.json`),
        JSON.stringify(report),
      )
    }
    rows.push(row)
    console.log(JSON.stringify(row))
    for (const [id, audit] of Object.entries(report.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        if (process.env.BENCH_VERBOSE)
          console.log(`  ${id}: ${audit.title} (${audit.displayValue ?? audit.score})`)
      }
    }
  }
  console.log(`\nLighthouse ${rows.length ? 'mobile, simulated throttling' : ''}, ${ORIGIN}`)
  console.table(rows)
} finally {
  await stopServer()
}
