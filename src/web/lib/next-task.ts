/**
 * Resolves in a new task of the main thread, so that the work after it runs apart from the work
 * before it. A cheap phone's CPU needs tens of milliseconds for each step of the first visit; run as
 * one task, they keep a tap waiting for all of them together (docs/decisions/0041-first-visit-main-thread.md).
 * `scheduler.yield` resumes ahead of other queued work where the browser has it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
