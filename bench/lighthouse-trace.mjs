/**
 * How much of a Lighthouse run's main-thread time the page's main thread actually ran, from the trace
 * Lighthouse saved (`--save-assets`), read with Lighthouse's own trace model so that the tasks are
 * the ones its main-thread audit adds up (docs/decisions/0065-light-on-the-cheapest-phone.md).
 *
 * Lighthouse multiplies each task's wall time by the slowdown. On a two-core host the page's main
 * thread waits for a core during a load (Lighthouse, Chromium's other processes and the server run
 * beside it), and that wait is multiplied too; a phone's main thread has a core of its own. A trace
 * event's `tdur` is the time the thread ran, so the two sums tell the work from the wait.
 */
import { readFileSync } from 'node:fs'
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js'
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js'

/** The page's main-thread tasks at host speed: wall time, and the time the thread ran (ms). */
export function mainThreadTimes(tracePath) {
  const processed = TraceProcessor.processTrace(JSON.parse(readFileSync(tracePath, 'utf8')))
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ).filter((task) => !task.parent)
  return {
    wallMs: tasks.reduce((sum, task) => sum + task.duration, 0),
    // A task recorded as a begin and an end event has no `tdur`: its wall time is counted as run.
    ranMs: tasks.reduce(
      (sum, task) => sum + (task.event.tdur === undefined ? task.duration : task.event.tdur / 1000),
      0,
    ),
  }
}
