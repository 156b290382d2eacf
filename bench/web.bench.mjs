/**
 * Lighthouse on the built app, as a cheap phone on a slow network sees a first visit: builds, starts
 * `node dist-server/main.js` in demo mode on a temporary data directory, and runs Lighthouse's mobile
 * preset (simulated throttling) in Debian's Chromium on /, /find-food, /impact and a demo listing.
 *
 * Two CPU settings (docs/decisions/0065-light-on-the-cheapest-phone.md):
 * - `phone`: before each run the host's benchmark index (BI) is read in Chromium, and Lighthouse's
 *   `cpuSlowdownMultiplier` is host BI ÷ 400 (at least 1), so the emulated CPU is a BI 400 phone
 *   whatever the host (scripts/cpu-calibration.mjs);
 * - `4x`: Lighthouse's own mobile preset, four times slower than the host, whatever it is;
 * - `trace`: no Lighthouse: Chromium's own trace of the load at BI 400, in a browser driven without
 *   the debugging domains Lighthouse turns on, which add work no phone does (bench/phone-trace.mjs).
 *   FCP, TBT (tasks after FCP), main-thread work and the largest tasks; no score.
 *
 *   npm run bench:web                 # PORT=3000 by default; BENCH_SKIP_BUILD=1 uses the current build
 *   BENCH_RUNS=3                      # runs per route and setting; the median run is reported
 *   BENCH_SETTINGS=phone,4x,trace     # which settings, in this order
 *   BENCH_ROUTES=/,/find-food         # a subset of /, /find-food, /impact, /listings/:id
 *   BENCH_VERBOSE=1 BENCH_REPORTS=<dir> npm run bench:web   # also the audits below 90, and each full report
 *
 * Prints per run the host BI read before it (and Lighthouse's own), the slowdown, the performance
 * score, TBT, main-thread work by category and the largest long tasks, and how much of that
 * main-thread work the thread ran (`ran s`, at BI 400) rather than waited for a core (`waited %`,
 * bench/lighthouse-trace.mjs); then per route and setting the median of the runs. Asserts nothing:
 * scripts/check-budgets.mjs guards bytes and long tasks.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { measureBenchmarkIndex, median, PRESET_SLOWDOWN, slowdownFor } from '../scripts/cpu-calibration.mjs'
import { launchPhoneBrowser } from '../scripts/phone-browser.mjs'
import { mainThreadTimes } from './lighthouse-trace.mjs'
import { traceFirstVisit } from './phone-trace.mjs'

const PORT = Number(process.env.PORT ?? 3000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SETTINGS = (process.env.BENCH_SETTINGS ?? 'phone,4x,trace').split(',')
for (const setting of SETTINGS)
  if (!['phone', '4x', 'trace'].includes(setting))
    throw new Error(`BENCH_SETTINGS: ${setting} is not phone, 4x or trace`)
const ORIGIN = `http://localhost:${PORT}`
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]

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
function lighthouse(url, slowdown, attempts = 3) {
  try {
    return lighthouseOnce(url, slowdown)
  } catch (error) {
    if (attempts <= 1) throw error
    console.error(
      `Lighthouse failed on ${url}, running it again: ${String(error.stderr ?? error).slice(0, 200)}`,
    )
    return lighthouse(url, slowdown, attempts - 1)
  }
}

/** The report, and the main thread's wall and run time at host speed from the trace it saved. */
function lighthouseOnce(url, slowdown) {
  const reportDir = mkdtempSync(join(tmpdir(), 'ahara-bench-report-'))
  try {
    execFileSync(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--output=json',
        `--output-path=${join(reportDir, 'report.json')}`,
        '--save-assets',
        '--quiet',
        '--form-factor=mobile',
        '--throttling-method=simulate',
        `--throttling.cpuSlowdownMultiplier=${slowdown}`,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
    return { report, mainThread: mainThreadTimes(join(reportDir, 'report-0.trace.json')) }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

function kib(bytes) {
  return (bytes / 1024).toFixed(1)
}

const seconds = (ms) => (ms / 1000).toFixed(2)

/** Main-thread work by Lighthouse's groups, as simulated (slowdown applied), largest first. */
function workByCategory(report) {
  const items = report.audits['mainthread-work-breakdown']?.details?.items ?? []
  const groups = new Map()
  for (const item of items)
    groups.set(
      item.groupLabel ?? item.group,
      (groups.get(item.groupLabel ?? item.group) ?? 0) + item.duration,
    )
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .map(([group, ms]) => `${group} ${seconds(ms)}`)
    .join(', ')
}

function largestLongTasks(report, count = 3) {
  const items = report.audits['long-tasks']?.details?.items ?? []
  return [...items]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, count)
    .map(
      (task) =>
        `${Math.round(task.duration)} ms ${String(task.url)
          .replace(ORIGIN, '')
          .replace(/^.*\/assets\//, '')}`,
    )
}

function summary(route, setting, hostIndex, slowdown, { report, mainThread }) {
  const score = (category) => Math.round((report.categories[category]?.score ?? 0) * 100)
  const resources = report.audits['resource-summary'].details.items
  const bytes = (type) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0
  const count = (type) => resources.find((item) => item.resourceType === type)?.requestCount ?? 0
  return {
    route,
    setting,
    // The BI read just before the run, which set the slowdown, and Lighthouse's own at its start.
    'host BI': `${Math.round(hostIndex)} (LH ${Math.round(report.environment.benchmarkIndex)})`,
    slowdown: Number(slowdown.toFixed(2)),
    performance: score('performance'),
    'FCP s': seconds(report.audits['first-contentful-paint'].numericValue),
    'LCP s': seconds(report.audits['largest-contentful-paint'].numericValue),
    'TBT ms': Math.round(report.audits['total-blocking-time'].numericValue),
    'main-thread s': seconds(report.audits['mainthread-work-breakdown'].numericValue),
    // The part of it the main thread ran, and the share it waited for a core (bench/lighthouse-trace.mjs).
    'ran s': seconds(mainThread.ranMs * slowdown),
    'waited %': Math.round(100 * (1 - mainThread.ranMs / mainThread.wallMs)),
    'long tasks': report.audits['long-tasks']?.details?.items?.length ?? 0,
    'JS KiB (files)': `${kib(bytes('script'))} (${count('script')})`,
    work: workByCategory(report),
    largest: largestLongTasks(report),
  }
}

/** A row of the `trace` setting, in the columns of Lighthouse's rows. */
function traceSummary(route, figures) {
  return {
    route,
    setting: 'trace',
    'host BI': `${Math.round(figures.benchmarkIndex)}`,
    slowdown: Number(figures.slowdown.toFixed(2)),
    performance: '—',
    'FCP s': seconds(figures.fcpMs),
    'LCP s': '—',
    'TBT ms': figures.tbtMs,
    'main-thread s': seconds(figures.mainThreadMs),
    'ran s': '—',
    'waited %': '—',
    'long tasks': figures.longTasks,
    'JS KiB (files)': '—',
    work: figures.work.map(([group, ms]) => `${group} ${seconds(ms)}`).join(', '),
    largest: figures.largestMs.map((ms) => `${ms} ms`),
  }
}

if (process.env.BENCH_REPORTS) mkdirSync(process.env.BENCH_REPORTS, { recursive: true })

const ALL_ROUTES = ['/', '/find-food', '/impact', '/listings/:id']
const wanted = process.env.BENCH_ROUTES?.split(',') ?? ALL_ROUTES

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS })
const phoneBrowser = SETTINGS.includes('trace') ? await launchPhoneBrowser() : undefined
try {
  await waitUntilReady()
  const listing = await demoListingPath()
  const routes = wanted.map((route) => (route === '/listings/:id' ? listing : route))
  // One unmeasured run: the first requests after a start (files opened, queries planned) are not a visit.
  lighthouse(`${ORIGIN}/`, PRESET_SLOWDOWN)
  const medians = []
  for (const route of routes) {
    const name = route.startsWith('/listings/') ? '/listings/:id' : route
    for (const setting of SETTINGS) {
      const runs = []
      for (let run = 0; run < RUNS; run++) {
        if (setting === 'trace') {
          const row = traceSummary(name, await traceFirstVisit(phoneBrowser, `${ORIGIN}${route}`))
          runs.push(row)
          console.log(JSON.stringify(row))
          continue
        }
        const hostIndex = await measureBenchmarkIndex(browser)
        const slowdown = setting === 'phone' ? slowdownFor(hostIndex) : PRESET_SLOWDOWN
        const measured = lighthouse(`${ORIGIN}${route}`, slowdown)
        const { report } = measured
        const row = summary(name, setting, hostIndex, slowdown, measured)
        if (process.env.BENCH_REPORTS) {
          writeFileSync(
            join(process.env.BENCH_REPORTS, `${name.replaceAll(/[/:]/g, '_')}-${setting}-${run + 1}.json`),
            JSON.stringify(report),
          )
        }
        runs.push(row)
        console.log(JSON.stringify(row))
        if (process.env.BENCH_VERBOSE) {
          for (const [id, audit] of Object.entries(report.audits)) {
            if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
              console.log(`  ${id}: ${audit.title} (${audit.displayValue ?? audit.score})`)
          }
        }
      }
      // The run whose score (or, traced, main-thread work) is the median, so its figures belong together.
      const byScore = [...runs].sort((a, b) =>
        setting === 'trace' ? a['main-thread s'] - b['main-thread s'] : a.performance - b.performance,
      )
      const middle = byScore[Math.floor((byScore.length - 1) / 2)]
      medians.push({
        ...middle,
        performance:
          setting === 'trace'
            ? '—'
            : `${median(runs.map((r) => r.performance))} (${runs.map((r) => r.performance).join('/')})`,
        'TBT ms': `${median(runs.map((r) => r['TBT ms']))} (${runs.map((r) => r['TBT ms']).join('/')})`,
        'main-thread s': `${median(runs.map((r) => Number(r['main-thread s']))).toFixed(2)} (${runs.map((r) => r['main-thread s']).join('/')})`,
        'ran s':
          setting === 'trace'
            ? '—'
            : `${median(runs.map((r) => Number(r['ran s']))).toFixed(2)} (${runs.map((r) => r['ran s']).join('/')})`,
        'host BI': runs.map((r) => r['host BI'].split(' ')[0]).join('/'),
        slowdown: runs.map((r) => r.slowdown).join('/'),
      })
    }
  }
  console.log(
    `\nLighthouse mobile, simulated throttling, ${ORIGIN}: median of ${RUNS} run(s) per route and setting`,
  )
  console.log(
    'phone = CPU slowed to a BI 400 phone (host BI ÷ 400); 4x = the preset; trace = BI 400, no Lighthouse, no debugging domains\n',
  )
  console.table(medians.map(({ work, largest, 'JS KiB (files)': _, ...row }) => row))
  for (const row of medians)
    console.log(`${row.route} ${row.setting}: ${row.work}; largest ${row.largest.join(', ')}`)
} finally {
  await browser.close()
  await phoneBrowser?.close()
  await stopServer()
}
