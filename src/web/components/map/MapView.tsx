import { Component, lazy, type ReactNode, Suspense } from 'react'
import type { Point } from '../../../shared/geo'
import { loadPageNamespaces } from '../../lib/i18n'
import { useTranslation } from '../../lib/translation'

/** A pin on the map: a listing, a place; `label` is what a screen reader and a long press read. */
export type MapPin = Point & {
  id: string
  label: string
  /** Written in the pin, e.g. a run's stop number (docs/decisions/0071-volunteer-runs.md). */
  badge?: string
}

export type MapViewProps = {
  /** The map's accessible name ("Food on the map", "Pickup place"). */
  label: string
  pins: readonly MapPin[]
  /** Pins close together become one numbered pin that zooms in when tapped (Find Food). */
  cluster?: boolean
  /** A pin was tapped (or chosen with Enter): its id. */
  onTap?: (id: string) => void
  /** The map itself was tapped: the point there (a point picker). */
  onPick?: (point: Point) => void
  /** Where to look first; without it the map fits its pins, or shows the whole island. */
  center?: Point
  zoom?: number
  /** Size and placement, e.g. "h-64 w-full". */
  className?: string
}

/**
 * Leaflet, its styles and the map's words load only when a map is shown, never with a first visit
 * (docs/decisions/0072-the-map-view.md).
 */
const LeafletMap = lazy(() =>
  Promise.all([import('./LeafletMap'), loadPageNamespaces('places')]).then(([m]) => ({
    default: m.LeafletMap,
  })),
)

/** A map of pins on the configured tiles (MAP_TILES_URL); the pins stay usable when tiles fail. */
export function MapView(props: MapViewProps) {
  const { t } = useTranslation()
  // isolate: Leaflet's own layers (z-index up to 1000) stay under the page's header and dialogs.
  const box = `relative isolate overflow-hidden rounded-lg border border-gray-200 bg-gray-100 ${props.className ?? 'h-64 w-full'}`
  return (
    <MapBoundary
      failed={
        <p role="status" className={`${box} p-3 text-sm text-gray-800`}>
          {t('common.pageLoadFailed.message')}
        </p>
      }
    >
      <Suspense fallback={<div className={box} aria-busy="true" />}>
        <LeafletMap {...props} boxClassName={box} />
      </Suspense>
    </MapBoundary>
  )
}

/**
 * The map's code not fetched (offline before it was ever loaded): the map says so in its own box,
 * and the page around it stays.
 */
class MapBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? this.props.failed : this.props.children
  }
}
