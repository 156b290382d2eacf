import { useEffect, useState } from 'react'
import { isInSriLanka, type Point } from '../../../shared/geo'

const CACHE_KEY = 'ahara.nearMePoint'
const TIMEOUT_MS = 15_000
const CACHE_MS = 5 * 60_000

export type Position =
  | { status: 'idle' | 'asking' }
  | { status: 'found'; point: Point }
  /** Refused by the reader or the browser, not found in time, or outside Sri Lanka. */
  | { status: 'unavailable' }

function cached(): Point | null {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY)
    if (!raw) return null
    const { point, at } = JSON.parse(raw) as { point: Point; at: number }
    return Date.now() - at < CACHE_MS ? point : null
  } catch {
    return null
  }
}

/**
 * The phone's position for "Near me", asked only once the reader chooses it (the browser asks their
 * permission), kept 5 minutes in this tab; it leaves the browser only as that search's `near`
 * (docs/decisions/0072-the-map-view.md).
 */
export function usePosition(wanted: boolean): [Position, retry: () => void] {
  const [position, setPosition] = useState<Position>(() => {
    const point = cached()
    return point ? { status: 'found', point } : { status: 'idle' }
  })
  const [attempt, setAttempt] = useState(0)
  const status = position.status
  // Asked when "Near me" is chosen, and again when chosen anew after it failed; not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status is read, not a reason to ask again
  useEffect(() => {
    if (!wanted || status === 'found' || status === 'asking') return
    if (!('geolocation' in navigator)) {
      setPosition({ status: 'unavailable' })
      return
    }
    let active = true
    setPosition({ status: 'asking' })
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!active) return
        const point = { lat: coords.latitude, lng: coords.longitude }
        if (!isInSriLanka(point)) {
          setPosition({ status: 'unavailable' })
          return
        }
        try {
          sessionStorage.setItem(CACHE_KEY, JSON.stringify({ point, at: Date.now() }))
        } catch {
          // Private mode: asked again next time.
        }
        setPosition({ status: 'found', point })
      },
      () => {
        if (active) setPosition({ status: 'unavailable' })
      },
      { timeout: TIMEOUT_MS, maximumAge: CACHE_MS, enableHighAccuracy: false },
    )
    return () => {
      active = false
      setPosition((now) => (now.status === 'asking' ? { status: 'idle' } : now))
    }
  }, [wanted, attempt])
  return [position, () => setAttempt((n) => n + 1)]
}
