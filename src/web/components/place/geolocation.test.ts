import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentPoint, LocationError } from './geolocation'

type Answer = { coords?: { latitude: number; longitude: number }; error?: number }

/** A phone whose geolocation answers once, as given (1: permission denied, 2: unavailable, 3: timeout). */
function phoneAnswering(answer: Answer | null) {
  const geolocation = {
    getCurrentPosition: (ok: (p: unknown) => void, fail: (e: unknown) => void) =>
      answer?.coords
        ? ok({ coords: answer.coords })
        : fail({ code: answer?.error, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
  }
  vi.stubGlobal('navigator', answer === null ? {} : { geolocation })
}

const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'none',
    (error: unknown) => (error instanceof LocationError ? error.problem : String(error)),
  )

describe("the phone's location", () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is the point the phone gives, in Sri Lanka', async () => {
    phoneAnswering({ coords: { latitude: 6.8511, longitude: 79.8658 } })
    await expect(currentPoint()).resolves.toEqual({ lat: 6.8511, lng: 79.8658 })
  })

  it('says the person refused when the browser denies it, and unavailable for a timeout', async () => {
    phoneAnswering({ error: 1 })
    expect(await problemOf(currentPoint())).toBe('denied')
    phoneAnswering({ error: 3 })
    expect(await problemOf(currentPoint())).toBe('unavailable')
  })

  it('refuses a position outside Sri Lanka, and a browser without geolocation', async () => {
    phoneAnswering({ coords: { latitude: 51.5, longitude: -0.12 } })
    expect(await problemOf(currentPoint())).toBe('outside')
    phoneAnswering(null)
    expect(await problemOf(currentPoint())).toBe('unavailable')
  })
})
