import { MapPin } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'
import type { Point } from '../../../shared/geo'
import { useSiteOptions } from '../../lib/site-options'
import { useTranslation } from '../../lib/translation'
import { TILE_SIZE, tilesAround, tileUrl } from './tile-grid'

/** Close enough to see the streets around one place. */
const PLACE_ZOOM = 15

/**
 * One place on the configured tiles (MAP_TILES_URL) with a pin, as plain images: a small map that
 * only shows needs no map library, so a listing or an order page stays light on a cheap phone
 * (docs/decisions/0072-the-map-view.md). Without tiles (offline, blocked) it says so; the
 * directions beside it still work.
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
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={`relative isolate overflow-hidden rounded-lg border border-gray-200 bg-gray-100 ${className}`}
    >
      {tiles &&
        size &&
        tilesAround(point, PLACE_ZOOM, size.width, size.height).map((tile) => (
          <img
            key={`${tile.x}/${tile.y}`}
            src={tileUrl(tiles.url, tile)}
            alt=""
            width={TILE_SIZE}
            height={TILE_SIZE}
            decoding="async"
            onLoad={() => setFailed(false)}
            onError={() => setFailed(true)}
            className="absolute max-w-none"
            style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
          />
        ))}
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
        <p className="absolute right-0 bottom-0 bg-white/80 px-1 text-[0.625rem] text-gray-700">
          {tiles.attribution}
        </p>
      )}
    </div>
  )
}
