import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { Point } from '../../../shared/geo'
import type { Place } from '../../../shared/map-links'
import { loadPageNamespaces } from '../../lib/i18n'

export type PlaceMapProps = {
  place: Place & { point: Point }
  /** The public ~500 m area, the exact pickup place (an approved order's parties), or a drop-off. */
  kind: 'approx' | 'exact' | 'dropOff'
  /** Off where the page shows the directions beside the address already (the order page). */
  directions?: boolean
}

const PlaceDetails = lazy(() =>
  Promise.all([import('./PlaceDetails'), loadPageNamespaces('places')]).then(([m]) => ({
    default: m.PlaceDetails,
  })),
)

/**
 * A small map of one place with its directions, below the fold: its code, words and tiles load only
 * when the reader scrolls near it (docs/decisions/0072-the-map-view.md).
 */
export function PlaceMap(props: PlaceMapProps) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  // The space is kept from the start, so nothing below jumps when the map arrives.
  return (
    <div ref={box} className="mt-6 min-h-72" data-no-print>
      {near && (
        <Suspense fallback={null}>
          <PlaceDetails {...props} />
        </Suspense>
      )}
    </div>
  )
}
