/**
 * Is a change lighter on the cheapest phone? Two builds side by side: this checkout's and another
 * checkout's (a git worktree of the commit before the change, built with `npm run build`), each
 * served in demo mode, their first visits traced in turn at one slowdown for both
 * (docs/decisions/0065-light-on-the-cheapest-phone.md, third addendum). One slowdown for both, read
 * once, because the host's benchmark index spreads by half within minutes: calibrating each load
 * set slowdowns from 3.5 to 6.6 and hid any change smaller than that.
 *
 *   git worktree add ../before HEAD~1 && (cd ../before && npm ci && npm run build) && npm run build
 *   node bench/web-ab.bench.mjs ../before
 *   BENCH_ROUTES=/find-food,/   # a subset of /, /find-food, /impact, /listings/:id (the demo's first listing)
 *   BENCH_ROUNDS=8              # loads of each build per route, alternating which goes first
 *   BENCH_SLOWDOWN=1            # the CPU slowdown; by default the BI 400 one, read once at the start
 *
 * Prints per route and build the median and the range of main-thread work and TBT, and the median of
 * each group of work. Asserts nothing.
 */
import { resolve } from 'node:path'
import { median } from '../scripts/cpu-calibration.mjs'
import { startDemoServer } from '../scripts/demo-server.mjs'
import { launchPhoneBrowser } from '../scripts/phone-browser.mjs'
import { traceFirstVisit } from './phone-trace.mjs'

const otherCheckout = process.argv[2]
if (!otherCheckout) throw new Error('usage: node bench/web-ab.bench.mjs <the other checkout, built>')
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/find-food', '/impact', '/listings/:id']
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8)

const builds = [
  { name: 'other', server: await startDemoServer(3261, { cwd: resolve(otherCheckout) }) },
  { name: 'this', server: await startDemoServer(3262) },
]
const browser = await launchPhoneBrowser()
try {
  let slowdown = process.env.BENCH_SLOWDOWN ? Number(process.env.BENCH_SLOWDOWN) : undefined
  if (slowdown === undefined) {
    const page = await browser.openPage()
    slowdown = (await page.becomePhone()).slowdown
    await page.close()
  }
  console.log(`slowdown ${slowdown.toFixed(2)} for both builds, ${ROUNDS} rounds per route`)
  for (const route of ROUTES) {
    const urlOf = ({ server }) => `${server.origin}${route === '/listings/:id' ? server.listingPath : route}`
    // A first load of each warms the servers' caches; it is not counted.
    for (const build of builds) await traceFirstVisit(browser, urlOf(build), { slowdown })
    const loads = new Map(builds.map((build) => [build.name, []]))
    for (let round = 0; round < ROUNDS; round++)
      for (const build of round % 2 ? [...builds].reverse() : builds)
        loads.get(build.name).push(await traceFirstVisit(browser, urlOf(build), { slowdown }))
    for (const [name, figures] of loads) {
      const spread = (values) => `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`
      const groups = new Map()
      for (const { work } of figures)
        for (const [group, ms] of work) groups.set(group, [...(groups.get(group) ?? []), ms])
      console.log(
        `${route} ${name}: main thread ${spread(figures.map((f) => f.mainThreadMs))} ms, ran ${spread(figures.map((f) => f.ranMs))} ms, TBT ${spread(figures.map((f) => f.tbtMs))} ms; ${[...groups].map(([group, values]) => `${group} ${median(values)}`).join(', ')}`,
      )
    }
  }
} finally {
  await browser.close()
  for (const { server } of builds) await server.stop()
}
