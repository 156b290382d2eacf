import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import Supercluster from 'supercluster'
import { SRI_LANKA_BOUNDS } from '../../../shared/geo'
import { formatNumber } from '../../lib/format'
import { useSiteOptions } from '../../lib/site-options'
import { useTranslation } from '../../lib/translation'
import type { MapPin, MapViewProps } from './MapView'

const ISLAND = L.latLngBounds(
  [SRI_LANKA_BOUNDS.minLat, SRI_LANKA_BOUNDS.minLng],
  [SRI_LANKA_BOUNDS.maxLat, SRI_LANKA_BOUNDS.maxLng],
)
/** Close enough to see the streets around one place. */
const PLACE_ZOOM = 15
const MAX_ZOOM = 18

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Pins are drawn, not images: nothing more to download, and they show without tiles. The dot is
 * 28 px, the target around it 44 px.
 */
const pinIcon = L.divIcon({
  className: '',
  html: '<span class="flex size-11 items-center justify-center"><span class="block size-7 rounded-full border-4 border-white bg-brand-700 shadow-md"></span></span>',
  iconSize: [44, 44],
  iconAnchor: [22, 22],
})

/** A numbered pin: a group's count, or a run's stop. */
function clusterIcon(text: string) {
  return L.divIcon({
    className: '',
    html: `<span class="flex size-11 items-center justify-center rounded-full border-4 border-white bg-brand-800 text-sm font-bold text-white shadow-md">${escapeHtml(text)}</span>`,
    iconSize: [44, 44],
    iconAnchor: [22, 22],
  })
}

type Props = MapViewProps & { boxClassName: string }

export function LeafletMap({ label, pins, cluster, onTap, onPick, center, zoom, boxClassName }: Props) {
  const { t } = useTranslation()
  const tiles = useSiteOptions()
  const element = useRef<HTMLElement>(null)
  const map = useRef<L.Map | null>(null)
  const layer = useRef<L.LayerGroup | null>(null)
  const [tilesFailed, setTilesFailed] = useState(() => !navigator.onLine)
  // The latest handlers, so a new function from the page does not rebuild the map.
  const handlers = useRef({ onTap, onPick })
  handlers.current = { onTap, onPick }

  useEffect(() => {
    if (!element.current) return
    const made = L.map(element.current, {
      maxZoom: MAX_ZOOM,
      maxBounds: ISLAND.pad(0.5),
      // The page scrolls with the wheel; the map zooms with its buttons, pinches and taps.
      scrollWheelZoom: false,
    })
    made.attributionControl.setPrefix(false)
    // The tile provider's credit, worded as its policy asks: not for a browser to translate.
    made.attributionControl.getContainer()?.setAttribute('translate', 'no')
    made.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onPick?.({ lat: event.latlng.lat, lng: event.latlng.lng }),
    )
    layer.current = L.layerGroup().addTo(made)
    map.current = made
    return () => {
      made.remove()
      map.current = null
      layer.current = null
    }
  }, [])

  // Tiles: the configured address and its credit; a failed tile with none loaded says so on the map.
  const tileSource = tiles.data?.mapTiles
  const tilesUnknown = tiles.isError
  useEffect(() => {
    const made = map.current
    if (!made) return
    if (tilesUnknown) setTilesFailed(true)
    if (!tileSource) return
    let loaded = 0
    const tileLayer = L.tileLayer(tileSource.url, {
      attribution: escapeHtml(tileSource.attribution),
      maxZoom: MAX_ZOOM,
      crossOrigin: false,
    })
      .on('tileload', () => {
        loaded += 1
        setTilesFailed(false)
      })
      .on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true)
      })
      .addTo(made)
    return () => {
      tileLayer.remove()
    }
  }, [tileSource, tilesUnknown])

  // The view: the given centre, else every pin, else the island.
  const centerLat = center?.lat
  const centerLng = center?.lng
  const pinsKey = pins.map((pin) => `${pin.id}@${pin.lat},${pin.lng}`).join(';')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pins' identity is pinsKey, not the array
  useEffect(() => {
    const made = map.current
    if (!made) return
    if (centerLat !== undefined && centerLng !== undefined) {
      made.setView([centerLat, centerLng], zoom ?? PLACE_ZOOM)
    } else if (pins.length === 1 && pins[0]) {
      made.setView([pins[0].lat, pins[0].lng], zoom ?? PLACE_ZOOM)
    } else if (pins.length > 1) {
      made.fitBounds(L.latLngBounds(pins.map((pin) => [pin.lat, pin.lng])), {
        padding: [32, 32],
        maxZoom: PLACE_ZOOM,
      })
    } else {
      made.fitBounds(ISLAND)
    }
  }, [centerLat, centerLng, zoom, pinsKey])

  // The pins, grouped by zoom when asked: redrawn after each move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pins' identity is pinsKey, not the array
  useEffect(() => {
    const made = map.current
    const group = layer.current
    if (!made || !group) return
    const index = cluster ? clusterIndex(pins) : null
    const draw = () => {
      group.clearLayers()
      if (!index) {
        for (const pin of pins) group.addLayer(pinMarker(pin, () => handlers.current.onTap?.(pin.id)))
        return
      }
      const b = made.getBounds()
      const found = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], made.getZoom())
      for (const feature of found) {
        const [lng, lat] = feature.geometry.coordinates as [number, number]
        const properties = feature.properties
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count
          const marker = L.marker([lat, lng], {
            icon: clusterIcon(formatNumber(count)),
            title: t('places.map.group', { count, n: formatNumber(count) }),
          }).on('click', () => {
            made.setView([lat, lng], Math.min(index.getClusterExpansionZoom(properties.cluster_id), MAX_ZOOM))
          })
          group.addLayer(marker)
          labelMarker(marker, t('places.map.group', { count, n: formatNumber(count) }))
        } else {
          const pin = (properties as { pin: MapPin }).pin
          group.addLayer(pinMarker(pin, () => handlers.current.onTap?.(pin.id)))
        }
      }
    }
    draw()
    made.on('moveend', draw)
    return () => {
      made.off('moveend', draw)
    }
  }, [pinsKey, cluster, t])

  return (
    // The map pans its own content sideways, by design (e2e/fixtures/phone-checks.ts).
    <div className={boxClassName} data-scroll-strip>
      {/* Leaflet's zoom buttons grown to a 44 px target. */}
      <section
        ref={element}
        aria-label={label}
        className="absolute inset-0 z-0 [&_.leaflet-bar_a]:!size-11 [&_.leaflet-bar_a]:!leading-[44px]"
      />
      {tilesFailed && (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-2 top-2 z-[500] rounded-md bg-white/95 px-3 py-2 text-sm text-gray-800 shadow"
        >
          {t('places.map.tilesUnavailable')}
        </p>
      )}
    </div>
  )
}

function clusterIndex(pins: readonly MapPin[]) {
  const index = new Supercluster<{ pin: MapPin }>({ radius: 56, maxZoom: MAX_ZOOM - 1 })
  index.load(
    pins.map((pin) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
      properties: { pin },
    })),
  )
  return index
}

function pinMarker(pin: MapPin, onTap: () => void): L.Marker {
  const marker = L.marker([pin.lat, pin.lng], {
    icon: pin.badge ? clusterIcon(pin.badge) : pinIcon,
    title: pin.label,
  }).on('click', onTap)
  labelMarker(marker, pin.label)
  return marker
}

/** Leaflet gives a keyboard-reachable marker role="button"; its name is the pin's label. */
function labelMarker(marker: L.Marker, text: string) {
  const icon = marker.getElement()
  if (icon) icon.setAttribute('aria-label', text)
  else marker.once('add', () => marker.getElement()?.setAttribute('aria-label', text))
}
