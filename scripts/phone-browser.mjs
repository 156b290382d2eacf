/**
 * Debian's Chromium driven over the DevTools protocol on a pipe, with no domain enabled that changes
 * how V8 runs the page (docs/decisions/0065-light-on-the-cheapest-phone.md, addendum of 29 November).
 * Playwright and Lighthouse enable the `Runtime` domain on every page, and with it V8 records a
 * detailed stack trace for every `Error` the page creates: React DOM creates three as it loads, and
 * the line numbers of that trace made V8 parse React DOM's 200 KB again, 100–120 ms of a BI 400
 * phone's first visit that no phone runs. Here a page is only navigated, slowed and asked for values
 * (`Runtime.evaluate` needs no `Runtime.enable`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { BENCHMARK_INDEX_EXPRESSION, median, slowdownFor } from './cpu-calibration.mjs'

/** Starts Chromium; `close()` stops it. Its pages are opened with `openPage`. */
export async function launchPhoneBrowser() {
  const profileDir = mkdtempSync(join(tmpdir(), 'ahara-phone-browser-'))
  const chromium = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--remote-debugging-pipe',
      ...CHROMIUM_FLAGS,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    // Its own process group, so that close() can end the helpers (zygote, GPU, crashpad) with it.
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  )
  const exited = new Promise((resolve) => chromium.on('exit', resolve))
  const [, , , toBrowser, fromBrowser] = chromium.stdio
  const answers = new Map()
  const eventListeners = new Set()
  let lastId = 0
  let received = ''
  fromBrowser.setEncoding('utf8')
  fromBrowser.on('data', (chunk) => {
    received += chunk
    for (let end = received.indexOf('\0'); end >= 0; end = received.indexOf('\0')) {
      const message = JSON.parse(received.slice(0, end))
      received = received.slice(end + 1)
      const waiting = answers.get(message.id)
      if (waiting) {
        answers.delete(message.id)
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`))
        else waiting.resolve(message.result)
      } else for (const listener of eventListeners) listener(message)
    }
  })
  exited.then(() => {
    for (const waiting of answers.values()) waiting.reject(new Error('Chromium exited'))
    answers.clear()
  })

  /** One DevTools command; in a page when `sessionId` is given. */
  function send(method, params = {}, sessionId) {
    return new Promise((resolve, reject) => {
      const id = ++lastId
      answers.set(id, { method, resolve, reject })
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`)
    })
  }

  /** Calls `listener` with each event named `method` of the page `sessionId`; returns its removal. */
  function onEvent(sessionId, method, listener) {
    const filtered = (message) => {
      if (message.sessionId === sessionId && message.method === method) listener(message.params)
    }
    eventListeners.add(filtered)
    return () => eventListeners.delete(filtered)
  }

  /** Resolves with the next event named `method` of the page `sessionId`. */
  function nextEvent(sessionId, method) {
    return new Promise((resolve) => {
      const off = onEvent(sessionId, method, (params) => {
        off()
        resolve(params)
      })
    })
  }

  /**
   * A blank page in a context of its own (no cache, no storage, no service worker of an earlier
   * page). `evaluate(expression)` returns the expression's value (awaited), `visit(url)` opens a page
   * and waits until it is quiet, `becomePhone()` slows it
   * to a BI 400 phone; `close()` closes both.
   */
  async function openPage() {
    const { browserContextId } = await send('Target.createBrowserContext', { disposeOnDetach: true })
    const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId })
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true })
    const inPage = (method, params) => send(method, params, sessionId)
    async function evaluate(expression) {
      const { result, exceptionDetails } = await inPage('Runtime.evaluate', {
        expression,
        returnByValue: true,
        awaitPromise: true,
      })
      if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`)
      return result.value
    }
    return {
      send: inPage,
      on: (method, listener) => onEvent(sessionId, method, listener),
      nextEvent: (method) => nextEvent(sessionId, method),
      evaluate,
      /**
       * Makes the page a BI 400 phone (scripts/cpu-calibration.mjs) of `viewport`, with touch, and
       * returns the host BI and the slowdown that set. The BI is read in the blank page before it is
       * slowed, the median of three, so one reading taken while another process spiked does not set it.
       * A given `slowdown` is used as it is, with no reading (an A/B of two builds slows both alike).
       */
      async becomePhone(viewport = { width: 412, height: 823 }, { slowdown: givenSlowdown } = {}) {
        const readings = []
        if (givenSlowdown === undefined)
          for (let i = 0; i < 3; i++) readings.push(await evaluate(BENCHMARK_INDEX_EXPRESSION))
        const benchmarkIndex = givenSlowdown === undefined ? median(readings) : null
        const slowdown = givenSlowdown ?? slowdownFor(benchmarkIndex)
        await inPage('Emulation.setDeviceMetricsOverride', {
          ...viewport,
          deviceScaleFactor: 1.75,
          mobile: true,
        })
        await inPage('Emulation.setTouchEmulationEnabled', { enabled: true })
        await inPage('Emulation.setCPUThrottlingRate', { rate: slowdown })
        return { benchmarkIndex, slowdown }
      },
      /**
       * Opens `url` and waits for its load event (60 s at most), then until the page's `activity` (an
       * expression, e.g. a count of its long tasks) has not changed for `quietMs` (30 s at most).
       */
      async visit(url, { activity, quietMs }) {
        await inPage('Page.enable')
        const loaded = nextEvent(sessionId, 'Page.loadEventFired')
        const { errorText } = await inPage('Page.navigate', { url })
        if (errorText) throw new Error(`${url}: ${errorText}`)
        let timer
        await Promise.race([
          loaded,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${url} did not load in 60 s`)), 60_000)
          }),
        ]).finally(() => clearTimeout(timer))
        const started = Date.now()
        let lastActivity
        let quietSince = Date.now()
        while (Date.now() - started < 30_000) {
          const now = JSON.stringify(await evaluate(activity))
          if (now !== lastActivity) {
            lastActivity = now
            quietSince = Date.now()
          } else if (Date.now() - quietSince >= quietMs) return
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      },
      async close() {
        await send('Target.closeTarget', { targetId })
        await send('Target.disposeBrowserContext', { browserContextId }).catch(() => {})
      },
    }
  }

  return {
    openPage,
    async close() {
      if (chromium.exitCode === null) {
        const closed = send('Browser.close').catch(() => {})
        const killer = setTimeout(() => chromium.kill('SIGKILL'), 10_000)
        await Promise.all([closed, exited])
        clearTimeout(killer)
      }
      // A helper can outlive the browser and still write to the profile (CI saw ENOTEMPTY while
      // removing it): end what is left of the group before removing the profile.
      try {
        process.kill(-chromium.pid, 'SIGKILL')
      } catch (error) {
        if (error.code !== 'ESRCH') throw error
      }
      rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
    },
  }
}
