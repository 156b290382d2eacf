/**
 * A first visit's long tasks as the cheapest phone runs them (docs/decisions/0065-light-on-the-cheapest-phone.md):
 * a new browser context (no cache, no storage), Chromium's CPU slowed by CDP
 * `Emulation.setCPUThrottlingRate` to a BI 400 phone (scripts/cpu-calibration.mjs), the page loaded
 * and watched until it is quiet. The tasks come from the page's own `longtask` entries, and each
 * is named by the scripts of the long animation frame it ran in. The browser is driven without the
 * DevTools domains that change how V8 runs a page (scripts/phone-browser.mjs).
 */

export { launchPhoneBrowser } from './phone-browser.mjs'

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

/** What the page has done so far: it is quiet when this has not changed for a while. */
const ACTIVITY = `[window.__longTasks.tasks.length, performance.getEntriesByType('resource').length].join()`

/**
 * Loads `url` in a new page of `browser` (scripts/phone-browser.mjs) at the phone's CPU, and returns
 * the host BI and slowdown used, and the load's long tasks, largest first. The load is over when
 * `quietMs` have passed with no new long task and no new download (or the page has run 30 s).
 */
export async function firstVisitLongTasks(browser, url, { quietMs = 2000, viewport } = {}) {
  const page = await browser.openPage()
  try {
    const { benchmarkIndex, slowdown } = await page.becomePhone(viewport)
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${OBSERVE})()` })
    await page.visit(url, { activity: ACTIVITY, quietMs })
    const { tasks, frames } = await page.evaluate('window.__longTasks')
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
    await page.close()
  }
}
