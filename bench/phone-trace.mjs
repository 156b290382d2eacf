/**
 * A first visit as the cheapest phone runs it, from Chromium's own trace (docs/decisions/0065-light-on-the-cheapest-phone.md):
 * the page loaded at BI 400 (CDP `Emulation.setCPUThrottlingRate`) in a browser driven without the
 * DevTools domains that change how V8 runs a page (scripts/phone-browser.mjs). Lighthouse enables
 * them, so its main-thread figures hold work no phone does; this is the figure to set beside them.
 */

const CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
]

/** Lighthouse's groups of main-thread work, by the trace event a task spends its time in. */
const GROUP_OF = [
  [
    /^(EvaluateScript|v8\.|V8\.|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|FireIdleCallback|XHR)/,
    'script',
  ],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Layout|UpdateLayerTree)/, 'style & layout'],
  [/^(Paint|PrePaint|Layerize|Commit|CompositeLayers|Decode|PaintImage|RasterTask)/, 'rendering'],
  [/^ParseHTML/, 'HTML'],
]
const groupOf = (name) => GROUP_OF.find(([pattern]) => pattern.test(name))?.[1] ?? 'other'

/**
 * Loads `url` in a new page of `browser` at BI 400, traces it until `quietMs` pass with no new task
 * over 50 ms (at most 30 s), and returns the host BI, the slowdown, FCP, total blocking time (tasks
 * after FCP), main-thread work (every task of the page's main thread from navigation on), the work by
 * group and the largest tasks, all in milliseconds of the slowed CPU. A given `slowdown` replaces
 * the calibration (the host BI is then null).
 */
export async function traceFirstVisit(browser, url, { quietMs = 3000, slowdown: givenSlowdown } = {}) {
  const page = await browser.openPage()
  try {
    const { benchmarkIndex, slowdown } = await page.becomePhone(undefined, { slowdown: givenSlowdown })
    await page.send('Page.addScriptToEvaluateOnNewDocument', {
      source: `window.__longTaskCount = 0; new PerformanceObserver((list) => { window.__longTaskCount += list.getEntries().length }).observe({ type: 'longtask', buffered: true })`,
    })
    const events = []
    const stopCollecting = page.on('Tracing.dataCollected', ({ value }) => events.push(...value))
    await page.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' })
    await page.visit(url, { activity: 'window.__longTaskCount', quietMs })
    const complete = page.nextEvent('Tracing.tracingComplete')
    await page.send('Tracing.end')
    await complete
    stopCollecting()
    return { benchmarkIndex, slowdown, ...firstVisitFigures(events) }
  } finally {
    await page.close()
  }
}

/** The figures of a traced first visit (see traceFirstVisit). */
export function firstVisitFigures(events) {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('the trace holds no first contentful paint')
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' && event.pid === fcp.pid && event.args?.data?.isLoadingMainFrame,
  )
  if (!navigation) throw new Error('the trace holds no navigation start of the page')
  const onMainThread = events
    .filter(
      (event) =>
        event.pid === fcp.pid && event.tid === fcp.tid && event.ph === 'X' && event.ts >= navigation.ts,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const isTask = (event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'
  const tasks = []
  const work = new Map()
  const add = (group, time) => work.set(group, (work.get(group) ?? 0) + time)
  // Each task's own children (not theirs) give their group's time; the rest of the task is 'other'.
  let task
  let childrenEnd = 0
  let inChildren = 0
  const closeTask = () => {
    if (task) add('other', task.dur - inChildren)
  }
  for (const event of onMainThread) {
    if (isTask(event) && (!task || event.ts >= task.ts + task.dur)) {
      closeTask()
      task = event
      tasks.push(task)
      childrenEnd = task.ts
      inChildren = 0
    } else if (task && event.ts >= childrenEnd && event.ts < task.ts + task.dur && !isTask(event)) {
      const time = Math.min(event.dur, task.ts + task.dur - event.ts)
      add(groupOf(event.name), time)
      inChildren += time
      childrenEnd = event.ts + event.dur
    }
  }
  closeTask()
  const ms = (microseconds) => Math.round(microseconds / 1000)
  const blocking = tasks
    .filter((task) => task.ts >= fcp.ts)
    .reduce((sum, task) => sum + Math.max(0, task.dur / 1000 - 50), 0)
  return {
    fcpMs: ms(fcp.ts - navigation.ts),
    tbtMs: Math.round(blocking),
    mainThreadMs: ms(tasks.reduce((sum, task) => sum + task.dur, 0)),
    // The time the thread ran in those tasks rather than waited for a core (bench/lighthouse-trace.mjs);
    // under CPU throttling it includes the throttled time, unthrottled it is the page's own work.
    ranMs: ms(tasks.reduce((sum, task) => sum + (task.tdur ?? task.dur), 0)),
    longTasks: tasks.filter((task) => task.dur > 50_000).length,
    work: [...work].sort((a, b) => b[1] - a[1]).map(([group, time]) => [group, ms(time)]),
    largestMs: tasks
      .map((task) => ms(task.dur))
      .sort((a, b) => b - a)
      .slice(0, 3),
  }
}
