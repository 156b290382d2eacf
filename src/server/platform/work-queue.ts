/**
 * Runs at most `max` tasks at a time; the others wait their turn, first come first served. A task
 * that finishes hands its place straight to the next one waiting.
 */
export function createWorkQueue(max: number) {
  if (!Number.isInteger(max) || max < 1)
    throw new Error(`work queue size must be a whole number >= 1: ${max}`)
  let active = 0
  const waiting: (() => void)[] = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active += 1
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await task()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else active -= 1
      }
    },
    /** Tasks running now. */
    get active() {
      return active
    },
    /** Tasks waiting for a place. */
    get waiting() {
      return waiting.length
    },
  }
}
