import { describe, expect, it } from 'vitest'
import { pixelOf, TILE_SIZE, tilesAround, tileUrl } from './tile-grid'

describe('the tiles of a still map', () => {
  it('finds the tile that OpenStreetMap draws Colombo Fort in at zoom 15', () => {
    const { x, y } = pixelOf({ lat: 6.9344, lng: 79.8428 }, 15)
    // OpenStreetMap's formulas: x = floor((lng + 180) / 360 · 2^z), y = floor((1 − asinh(tan lat) / π) / 2 · 2^z)
    expect(Math.floor(x / TILE_SIZE)).toBe(23651)
    expect(Math.floor(y / TILE_SIZE)).toBe(15751)
  })

  it('covers the whole box, each tile placed so the point is at its centre', () => {
    const center = { lat: 6.8511, lng: 79.8659 }
    const tiles = tilesAround(center, 15, 600, 192)
    const { x, y } = pixelOf(center, 15)
    for (const tile of tiles) {
      expect(tile.left).toBeCloseTo(tile.x * TILE_SIZE - x)
      expect(tile.top).toBeCloseTo(tile.y * TILE_SIZE - y)
    }
    // The box's four corners each fall on a tile.
    const corners: [number, number][] = [
      [-300, -96],
      [299, -96],
      [-300, 95],
      [299, 95],
    ]
    for (const [dx, dy] of corners)
      expect(
        tiles.some((t) => dx >= t.left && dx < t.left + TILE_SIZE && dy >= t.top && dy < t.top + TILE_SIZE),
      ).toBe(true)
    // No tile lies wholly outside the box.
    for (const t of tiles) {
      expect(t.left).toBeLessThan(300)
      expect(t.left + TILE_SIZE).toBeGreaterThan(-300)
      expect(t.top).toBeLessThan(96)
      expect(t.top + TILE_SIZE).toBeGreaterThan(-96)
    }
  })

  it('fills the tile server template', () => {
    expect(
      tileUrl('https://{s}.tile.example/{z}/{x}/{y}{r}.png', { x: 3, y: 4, zoom: 15, left: 0, top: 0 }),
    ).toBe('https://a.tile.example/15/3/4.png')
  })
})
