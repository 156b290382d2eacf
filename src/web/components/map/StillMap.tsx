import { MapPin } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Point } from '../../../shared/geo'
import { useSiteOptions } from '../../lib/site-options'
import { useTranslation } from '../../lib/translation'
import { TILE_SIZE, tilesAround, tileUrl } from './tile-grid'

/** Close enough to see the streets around one place. */
const PLACE_ZOOM = 15

/** A CSS url() of a tile address from the configuration: quotes and backslashes escaped. */
const cssUrl = (url: string) => `url("${url.replace(/["\\]/g, '\\$&')}")`

/**
 * One place on the configured tiles (MAP_TILES_URL) with a pin: a small map that only shows needs
 * no map library, so a listing or an order page stays light on a cheap phone
 * (docs/decisions/0072-the-map-view.md). The tiles are the box's background layers, not images
 * placed inside it: nothing reaches past the box (a phone never scrolls sideways over it) and one
 * element stands for them all. The centre tile is also fetched as an image, only to learn whether
 * the tiles load: without them (offline, blocked) the map says so; the directions beside it still
 * work.
 */
export function StillMap({ point, label, className }: { point: Point; label: string; className: string }) {
  const { t } = useTranslation()
  const tiles = useSiteOptions().data?.mapTiles
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const [failed, setFailed] = useState(() => !navigator.onLine)
  useLayoutEffect(() => {
    if (box.current) setSize({ width: box.current.clientWidth, height: box.current.clientHeight })
  }, [])
  const placed = tiles && size ? tilesAround(point, PLACE_ZOOM, size.width, size.height) : []
  const centre =
    placed.length > 0 && tiles ? tileUrl(tiles.url, placed[Math.floor(placed.length / 2)]!) : null
  useEffect(() => {
    if (!centre) return
    const probe = new Image()
    probe.onload = () => setFailed(false)
    probe.onerror = () => setFailed(true)
    probe.src = centre
    return () => {
      probe.onload = null
      probe.onerror = null
    }
  }, [centre])
  const background =
    tiles && size && placed.length > 0
      ? {
          backgroundImage: placed.map((tile) => cssUrl(tileUrl(tiles.url, tile))).join(', '),
          backgroundPosition: placed
            .map((tile) => `${size.width / 2 + tile.left}px ${size.height / 2 + tile.top}px`)
            .join(', '),
          backgroundSize: `${TILE_SIZE}px ${TILE_SIZE}px`,
          backgroundRepeat: 'no-repeat',
        }
      : undefined
  return (
    <div
      ref={box}
      role="img"
      // The notice is inside the picture, whose content screen readers skip: its name says it too.
      aria-label={failed ? `${label}. ${t('places.place.mapUnavailable')}` : label}
      className={`relative isolate overflow-hidden rounded-lg border border-gray-200 bg-gray-100 ${className}`}
      style={background}
    >
      <MapPin
        aria-hidden
        className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-full fill-brand-700 text-white drop-shadow"
      />
      {failed && (
        <p className="absolute inset-x-2 top-2 rounded bg-white/90 p-2 text-xs text-gray-800">
          {t('places.place.mapUnavailable')}
        </p>
      )}
      {tiles && (
        // The tile provider's credit, worded as its policy asks and set by the operator: not ours to
        // translate, nor a browser's.
        <p
          translate="no"
          className="absolute right-0 bottom-0 bg-white/80 px-1 text-[0.625rem] text-gray-700"
        >
          {tiles.attribution}
        </p>
      )}
    </div>
  )
}
