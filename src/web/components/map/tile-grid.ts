import type { Point } from '../../../shared/geo'

/** A map tile's side in pixels (the slippy-map convention every tile server follows). */
export const TILE_SIZE = 256

export type PlacedTile = {
  /** The tile's address at `zoom`: z/x/y in the tile server's URL template. */
  x: number
  y: number
  zoom: number
  /** Where its top-left corner sits, in pixels from the box's centre. */
  left: number
  top: number
}

/** The point in Web Mercator pixels at `zoom` (the projection every slippy-map tile is drawn in). */
export function pixelOf({ lat, lng }: Point, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom
  const sin = Math.sin((lat * Math.PI) / 180)
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  }
}

/**
 * The tiles that cover a box of `width` × `height` pixels centred on `center`, each placed relative
 * to the box's centre: a still map of one place needs no map library (docs/decisions/0072-the-map-view.md).
 */
export function tilesAround(center: Point, zoom: number, width: number, height: number): PlacedTile[] {
  const { x, y } = pixelOf(center, zoom)
  const first = { x: Math.floor((x - width / 2) / TILE_SIZE), y: Math.floor((y - height / 2) / TILE_SIZE) }
  const last = { x: Math.floor((x + width / 2) / TILE_SIZE), y: Math.floor((y + height / 2) / TILE_SIZE) }
  const tiles: PlacedTile[] = []
  for (let ty = first.y; ty <= last.y; ty++)
    for (let tx = first.x; tx <= last.x; tx++)
      tiles.push({ x: tx, y: ty, zoom, left: tx * TILE_SIZE - x, top: ty * TILE_SIZE - y })
  return tiles
}

/** A tile's address from the server's template ("https://tile.example/{z}/{x}/{y}.png", "{s}" as "a"). */
export const tileUrl = (template: string, { x, y, zoom }: PlacedTile) =>
  template
    .replaceAll('{s}', 'a')
    .replaceAll('{z}', String(zoom))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{r}', '')
