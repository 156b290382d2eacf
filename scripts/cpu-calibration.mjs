/**
 * The CPU of the cheapest phone Ahara is built for, as a slowdown of the machine that measures
 * (docs/decisions/0065-light-on-the-cheapest-phone.md). Lighthouse's mobile preset slows the CPU four
 * times whatever the host, so its figures follow the host: a fast host emulates a mid-range phone.
 * Here the host's speed is read with Lighthouse's own benchmark index (BI, the same function
 * Lighthouse runs, so the figures compare with its `environment.benchmarkIndex`), and the slowdown is
 * host BI ÷ 400, at least 1: a phone of BI 400 on any host, busy or idle.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'

/** Lighthouse's benchmark index of a cheap Android phone (Moto G4 class and below reads 300–500). */
export const PHONE_BENCHMARK_INDEX = 400

/** Lighthouse's mobile preset, for comparison. */
export const PRESET_SLOWDOWN = 4

/** The slowdown that makes this host's CPU a BI 400 phone; never a speed-up. */
export function slowdownFor(benchmarkIndex) {
  return Math.max(1, benchmarkIndex / PHONE_BENCHMARK_INDEX)
}

/** Lighthouse's benchmark (about a second of work), as an expression a page can evaluate. */
export const BENCHMARK_INDEX_EXPRESSION = `(${pageFunctions.computeBenchmarkIndex.toString()})()`

/**
 * The host's benchmark index in a blank page of `browser` (a Playwright browser): the median of
 * `samples` readings, so one reading taken while another process spiked does not set the slowdown.
 */
export async function measureBenchmarkIndex(browser, samples = 3) {
  const page = await browser.newPage()
  try {
    const readings = []
    for (let i = 0; i < samples; i++) readings.push(await page.evaluate(BENCHMARK_INDEX_EXPRESSION))
    return median(readings)
  } finally {
    await page.close()
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
