/**
 * A first visit's long tasks as the cheapest phone runs them (docs/decisions/0065-light-on-the-cheapest-phone.md):
 * a new browser context (no cache, no service worker), Chromium's CPU slowed by CDP
 * `Emulation.setCPUThrottlingRate` to a BI 400 phone (scripts/cpu-calibration.mjs), the page loaded
 * and watched until it is quiet. The tasks come from the page's own `longtask` entries, and each
 * is named by the scripts of the long animation frame it ran in.
 */
import { measureBenchmarkIndex, slowdownFor } from './cpu-calibration.mjs'

/** Registered before any of the page's scripts: every long task and long frame of the load. */
const OBSERVE = () => {
  const seen = { tasks: [], frames: [] }
  window.__longTasks = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.tasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        seen.frames.push({
          start: entry.startTime,
          end: entry.startTime + entry.duration,
          scripts: entry.scripts.map((script) => ({
            what: script.invoker || script.sourceFunctionName || script.invokerType,
            source: script.sourceURL,
            duration: Math.round(script.duration),
          })),
        })
    }).observe({ type: 'long-animation-frame', buffered: true })
  } catch {
    // A browser without long-animation-frame entries: tasks stay unnamed.
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Loads `url` in a new context of `browser` (a Playwright Chromium) at the phone's CPU, and returns
 * the host BI and slowdown used, and the load's long tasks, largest first. The load is over when the
 * network is idle and `quietMs` have passed since the last long task (or the page has run 30 s).
 */
export async function firstVisitLongTasks(browser, url, { quietMs = 2000, viewport } = {}) {
  const benchmarkIndex = await measureBenchmarkIndex(browser)
  const slowdown = slowdownFor(benchmarkIndex)
  const context = await browser.newContext({
    viewport: viewport ?? { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    await page.addInitScript(OBSERVE)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    // The page's data and pictures; a stream left open (the realtime events) must not fail the check.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
    const started = Date.now()
    let lastCount = -1
    let quietSince = Date.now()
    while (Date.now() - started < 30_000) {
      const count = await page.evaluate(() => window.__longTasks.tasks.length)
      if (count !== lastCount) {
        lastCount = count
        quietSince = Date.now()
      } else if (Date.now() - quietSince >= quietMs) break
      await pause(250)
    }
    const { tasks, frames } = await page.evaluate(() => window.__longTasks)
    const named = tasks
      .map((task) => {
        const frame = frames.find((f) => f.start <= task.start + 1 && task.start < f.end)
        const scripts = (frame?.scripts ?? [])
          .filter((script) => script.duration > 0)
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 2)
          .map((script) => `${script.what} ${script.duration} ms`)
        return { duration: Math.round(task.duration), start: Math.round(task.start), scripts }
      })
      .sort((a, b) => b.duration - a.duration)
    return { benchmarkIndex: Math.round(benchmarkIndex), slowdown: Number(slowdown.toFixed(2)), tasks: named }
  } finally {
    await context.close()
  }
}
