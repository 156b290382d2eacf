/**
 * The web app's budgets, checked on the build in dist/ and dist-server/:
 * - bytes (docs/decisions/0032-web-performance.md): for every page of src/web/routes.tsx and every
 *   language, the JavaScript and CSS a first visit downloads (scripts/first-visit-files.mjs; the
 *   Sinhala and Tamil faces are declared in the entry CSS, fetched only for text in their script,
 *   scripts/vite/script-fonts.ts), as brotli (what the server sends a browser; gzip printed beside it);
 * - long tasks (docs/decisions/0065-light-on-the-cheapest-phone.md): the built server in demo mode,
 *   and a first visit to each page with a first screen in its HTML (src/web/first-screens.tsx) in
 *   Chromium slowed to a BI 400 phone (scripts/long-tasks.mjs), driven as a phone runs a page, with
 *   no debugging domain on (scripts/phone-browser.mjs). A page fails when its largest task is over
 *   200 ms. The measure is made robust for a busy two-core machine: the slowdown is recalibrated
 *   before every load, and a page over the limit is loaded twice more and judged by the median of the
 *   three, so one load disturbed by another process fails nothing, while a real regression, present
 *   in every load, does.
 *
 *   npm run build && node scripts/check-budgets.mjs        # exits 1 when a budget is exceeded
 *   BUDGETS_PORT=3190 (default)  BUDGETS_BYTES_ONLY=1 (skip the long tasks)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { median } from './cpu-calibration.mjs'
import { startDemoServer } from './demo-server.mjs'
import { firstVisitFiles, LANGUAGES, routesOf } from './first-visit-files.mjs'
import { firstVisitLongTasks, launchPhoneBrowser } from './long-tasks.mjs'

const KB = 1000
/**
 * JavaScript per route, with React DOM and React Router in every first visit: home 135 KB, Find Food
 * 140 KB, any other route 180 KB (docs/decisions/0043-react-and-react-router.md). Every route not
 * named has the last one.
 */
const JS_BUDGETS = { '/': 135 * KB, '/find-food': 140 * KB }
const JS_BUDGET_ANY = 180 * KB
const CSS_BUDGET = 12 * KB
const dist = process.argv[2] ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))

const sizes = new Map()
function sizeOf(file) {
  let size = sizes.get(file)
  if (!size) {
    const content = readFileSync(join(dist, file))
    size = {
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gzip: gzipSync(content, { level: 9 }).length,
    }
    sizes.set(file, size)
  }
  return size
}

function total(files, kind) {
  let sum = 0
  for (const file of files) sum += sizeOf(file)[kind]
  return sum
}

const routes = routesOf(readFileSync('src/web/routes.tsx', 'utf8'))
/** Scripts index.html loads beside the app, from public/: the manifest does not know them. */
const publicScripts = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
]
  .map((match) => match[1])
  .filter((file) => !file.startsWith('assets/'))

const rows = []
const failures = []
for (const route of routes) {
  for (const language of LANGUAGES) {
    const { js, css } = firstVisitFiles(manifest, route, language)
    for (const file of publicScripts) js.add(file)
    const jsBudget = JS_BUDGETS[route.path] ?? JS_BUDGET_ANY
    const row = {
      route: route.path,
      language,
      'JS files': js.size,
      'JS br': total(js, 'brotli'),
      'JS gz': total(js, 'gzip'),
      'JS budget': jsBudget,
      'CSS br': total(css, 'brotli'),
      'CSS gz': total(css, 'gzip'),
    }
    rows.push(row)
    if (row['JS br'] > jsBudget)
      failures.push(`${route.path} (${language}): JavaScript ${row['JS br']} B > ${jsBudget} B`)
    if (row['CSS br'] > CSS_BUDGET)
      failures.push(`${route.path} (${language}): CSS ${row['CSS br']} B > ${CSS_BUDGET} B`)
  }
}

console.table(rows)
if (failures.length > 0) {
  console.error(`Over budget (bytes as brotli, 1 KB = ${KB} B):\n  ${failures.join('\n  ')}`)
} else {
  console.log(`Every route and language within its budget (brotli bytes, 1 KB = ${KB} B).`)
}

/** The longest task a first visit may run on a BI 400 phone: a tap waits for it whole. */
const LONG_TASK_BUDGET_MS = 200

async function checkLongTasks() {
  const paths = [
    ...readFileSync('src/web/first-screens.tsx', 'utf8').matchAll(/^ {2}'(\/[^']*)': \(\) =>/gm),
  ].map((match) => match[1])
  if (paths.length < 4)
    throw new Error(`only ${paths.length} first screens read from src/web/first-screens.tsx`)
  const server = await startDemoServer(Number(process.env.BUDGETS_PORT ?? 3190))
  const browser = await launchPhoneBrowser()
  const taskRows = []
  try {
    // One unmeasured load: the server's first answers (files opened, queries planned) are not a visit's.
    await firstVisitLongTasks(browser, `${server.origin}/`)
    for (const path of paths) {
      const url = `${server.origin}${path === '/listings/:id' ? server.listingPath : path}`
      const loads = [await firstVisitLongTasks(browser, url)]
      const largest = (load) => load.tasks[0]?.duration ?? 0
      if (largest(loads[0]) > LONG_TASK_BUDGET_MS)
        for (let again = 0; again < 2; again++) loads.push(await firstVisitLongTasks(browser, url))
      const judged = median(loads.map(largest))
      taskRows.push({
        route: path,
        'host BI': loads.map((load) => load.benchmarkIndex).join('/'),
        slowdown: loads.map((load) => load.slowdown).join('/'),
        'largest ms': loads.map(largest).join('/'),
        'long tasks': loads.map((load) => load.tasks.length).join('/'),
        'ran in it': loads[0].tasks[0]?.scripts.join(', ') ?? '',
      })
      if (judged > LONG_TASK_BUDGET_MS)
        failures.push(
          `${path}: a first visit's largest task ${judged} ms > ${LONG_TASK_BUDGET_MS} ms at BI 400 (median of ${loads.length} loads)`,
        )
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.table(taskRows)
}

if (!process.env.BUDGETS_BYTES_ONLY) await checkLongTasks()
if (failures.length > 0) {
  console.error(`Over budget:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log(
  process.env.BUDGETS_BYTES_ONLY
    ? 'Bytes within budget; long tasks not checked (BUDGETS_BYTES_ONLY).'
    : `Bytes within budget, and no first visit's task over ${LONG_TASK_BUDGET_MS} ms at BI 400.`,
)
