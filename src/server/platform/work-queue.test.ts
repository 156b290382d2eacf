import { describe, expect, it } from 'vitest'
import { createWorkQueue } from './work-queue'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('createWorkQueue', () => {
  it('never runs more than its size at once, runs every task, in arrival order', async () => {
    const limiter = createWorkQueue(2)
    let running = 0
    let peak = 0
    const started: number[] = []
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        limiter.run(async () => {
          started.push(i)
          running += 1
          peak = Math.max(peak, running)
          await tick()
          running -= 1
          return i * 10
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i * 10))
    expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i))
    expect(limiter.active).toBe(0)
    expect(limiter.waiting).toBe(0)
  })

  it('frees the place of a task that fails, and passes the failure on', async () => {
    const limiter = createWorkQueue(1)
    const failing = limiter.run(async () => {
      await tick()
      throw new Error('broken image')
    })
    const next = limiter.run(async () => 'next')
    expect(limiter.waiting).toBe(1)
    await expect(failing).rejects.toThrow('broken image')
    await expect(next).resolves.toBe('next')
    expect(limiter.active).toBe(0)
  })

  it('refuses a size below 1', () => {
    expect(() => createWorkQueue(0)).toThrow()
  })
})
