/**
 * Where a first visit's main-thread time goes, as the cheapest phone runs it
 * (docs/decisions/0065-light-on-the-cheapest-phone.md): the built app (BENCH_SKIP_BUILD=1 keeps the
 * current build) in demo mode, each route loaded in a new context at the CPU of a BI 400 phone
 * (scripts/cpu-calibration.mjs), with Chromium's tracer on. Prints per route and run the host BI,
 * the slowdown, every task of 50 ms or more with what ran in it (scripts by URL, style, layout,
 * parsing), the main-thread time by kind, the DOM's element count, and React's renders per
 * component (counted from React's commits through the devtools hook, as React's profiler would) for
 * components rendered more than twice.
 *
 *   BENCH_SKIP_BUILD=1 PORT=3250 BENCH_RUNS=1 BENCH_ROUTES=/,/find-food node bench/first-visit.bench.mjs
 *   BENCH_TRACE_DIR=<dir> ...    # also writes each load's trace there (open it in Chromium's Performance panel)
 *   BENCH_PROFILE=1 ...   # also V8's sampling profile: the functions with the most self time
 *
 * Asserts nothing; the guard is scripts/check-budgets.mjs.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { measureBenchmarkIndex, slowdownFor } from '../scripts/cpu-calibration.mjs'
import { startDemoServer } from '../scripts/demo-server.mjs'

const PORT = Number(process.env.PORT ?? 3000)
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/find-food', '/impact', '/listings/:id']

if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })

/** React's renders per component, from each commit's tree (a fiber new to the tree that did work rendered). */
const COUNT_RENDERS = () => {
  // Renders per component instance (a fiber and its alternate are one instance).
  const instances = new Map()
  const idOf = new WeakMap()
  let nextId = 0
  let previous = new Set()
  const nameOf = (type) => (typeof type === 'function' ? type.displayName || type.name : null)
  window.__renders = instances
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      return 1
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const seen = new Set()
      const stack = [root.current]
      while (stack.length) {
        const fiber = stack.pop()
        seen.add(fiber)
        let id = idOf.get(fiber) ?? (fiber.alternate && idOf.get(fiber.alternate))
        if (id === undefined) id = nextId++
        idOf.set(fiber, id)
        const name = nameOf(fiber.type) ?? nameOf(fiber.type?.render)
        // PerformedWork (1): the component ran this commit rather than bailing out.
        if (name && !previous.has(fiber) && fiber.flags & 1) {
          const instance = instances.get(id) ?? { name, renders: 0 }
          instance.renders++
          instances.set(id, instance)
        }
        if (fiber.sibling) stack.push(fiber.sibling)
        if (fiber.child) stack.push(fiber.child)
      }
      previous = seen
    },
  }
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
]

function childrenOf(events, task) {
  const end = task.ts + task.dur
  return events.filter(
    (e) => e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task,
  )
}

/** What ran in a task, by kind: the outermost events under it (a script's own layout counts as the script's). */
function breakdown(events, task, origin) {
  const inner = childrenOf(events, task)
    .filter((e) => e.ph === 'X' && e.dur > 0 && !TASK.has(e.name))
    .sort((a, b) => a.ts - b.ts)
  const kinds = new Map()
  let coveredUntil = 0
  for (const event of inner) {
    if (event.ts < coveredUntil) continue
    coveredUntil = event.ts + event.dur
    const url = event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url ?? ''
    const name = url ? `${event.name} ${url.replace(origin, '').replace(/^\/assets\//, '')}` : event.name
    kinds.set(name, (kinds.get(name) ?? 0) + event.dur / 1000)
  }
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 5)
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join('; ')
}

/** How many tasks start with each kind of event, and their time: many small tasks cost their overhead too. */
function taskKinds(tasks, events, origin) {
  const kinds = new Map()
  for (const task of tasks) {
    const first = childrenOf(events, task)
      .filter((e) => e.ph === 'X' && !TASK.has(e.name))
      .sort((a, b) => a.ts - b.ts)[0]
    const url = first?.args?.data?.url ?? ''
    const key = first ? `${first.name} ${url.replace(origin, '')}`.trim() : '(empty)'
    const entry = kinds.get(key) ?? { count: 0, ms: 0 }
    entry.count++
    entry.ms += task.dur / 1000
    kinds.set(key, entry)
  }
  return [...kinds]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 15)
    .map(([key, { count, ms }]) => `    ${count} tasks, ${Math.round(ms)} ms: ${key}`)
    .join('\n')
}

/** The functions with the most self time in V8's sampling profile (ms of the slowed CPU), with their file and line. */
function selfTimes(profile, origin) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]))
  const ms = new Map()
  profile.samples.forEach((id, i) => {
    const { callFrame } = byNode.get(id)
    const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(origin, '')}:${callFrame.lineNumber + 1}`
    ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...ms]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([key, time]) => `    ${Math.round(time)} ms ${key}`)
    .join('\n')
}

async function visit(browser, origin, route) {
  const benchmarkIndex = await measureBenchmarkIndex(browser)
  const slowdown = slowdownFor(benchmarkIndex)
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  if (!process.env.BENCH_NO_RENDERS) await page.addInitScript(COUNT_RENDERS)
  const events = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' })
  if (process.env.BENCH_PROFILE) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle', timeout: 90_000 })
  await page.waitForTimeout(3000)
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length)
  const renders = await page.evaluate(() => {
    const byName = new Map()
    for (const { name, renders } of (window.__renders ?? new Map()).values()) {
      const entry = byName.get(name) ?? { instances: 0, max: 0, total: 0 }
      entry.instances++
      entry.max = Math.max(entry.max, renders)
      entry.total += renders
      byName.set(name, entry)
    }
    return [...byName]
  })
  const profile = process.env.BENCH_PROFILE ? (await cdp.send('Profiler.stop')).profile : null
  await cdp.send('Tracing.end')
  await done
  await context.close()

  // The page's renderer: of the renderers' main threads, the one that ran its scripts.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const busy = (m) =>
    events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'EvaluateScript')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0)
  const main = mains.sort((a, b) => busy(b) - busy(a))[0]
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid)
  const candidates = mine
    .filter((e) => TASK.has(e.name) && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const tasks = []
  let until = 0
  for (const task of candidates) {
    if (task.ts < until) continue
    tasks.push(task)
    until = task.ts + task.dur
  }
  if (process.env.BENCH_TRACE_DIR)
    writeFileSync(
      join(process.env.BENCH_TRACE_DIR, `${route.replaceAll('/', '_') || 'home'}-${Date.now()}.json`),
      JSON.stringify({ traceEvents: events }),
    )
  const total = tasks.reduce((sum, t) => sum + t.dur / 1000, 0)
  const kinds = new Map()
  for (const task of tasks)
    for (const part of breakdown(mine, task, origin).split('; ')) {
      const match = part.match(/^(\S+).* (\d+)$/)
      if (match) kinds.set(match[1], (kinds.get(match[1]) ?? 0) + Number(match[2]))
    }
  console.log(
    `\n${route}: host BI ${Math.round(benchmarkIndex)}, slowdown ${slowdown.toFixed(2)}; main thread ${Math.round(total)} ms in ${tasks.length} tasks; ${dom} elements; ${mine.filter((e) => e.name === 'Layout').length} layouts, ${mine.filter((e) => e.name === 'Commit').length} frames committed`,
  )
  console.log(
    `  by kind: ${[...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => `${k} ${ms}`)
      .join(', ')}`,
  )
  const t0 =
    mine.find((e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody')
      ?.ts ??
    tasks[0]?.ts ??
    0
  for (const task of tasks.filter((t) => t.dur >= 50_000))
    console.log(
      `  task ${Math.round(task.dur / 1000)} ms at ${Math.round((task.ts - t0) / 1000)}: ${breakdown(mine, task, origin)}`,
    )
  const many = renders.filter(([, n]) => n > 2).sort((a, b) => b[1] - a[1])
  console.log(
    `  components rendered more than twice: ${many.map(([n, c]) => `${n} ${c}`).join(', ') || 'none'}`,
  )
  if (process.env.BENCH_TASK_KINDS)
    console.log(`  tasks by what they start with:\n${taskKinds(tasks, mine, origin)}`)
  if (profile) console.log(`  most self time:\n${selfTimes(profile, origin)}`)
  if (process.env.BENCH_ALL_RENDERS)
    console.log(`  renders: ${renders.map(([n, c]) => `${n} ${c}`).join(', ')}`)
}

const server = await startDemoServer(PORT)
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  // One unmeasured load: the server's first answers are not a visit's.
  const warm = await browser.newPage()
  await warm.goto(`${server.origin}/`, { waitUntil: 'networkidle' })
  await warm.close()
  for (const route of ROUTES) {
    const path = route === '/listings/:id' ? server.listingPath : route
    for (let run = 0; run < RUNS; run++) await visit(browser, server.origin, path)
  }
} finally {
  await browser.close()
  await server.stop()
}
