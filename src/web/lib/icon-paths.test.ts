import { describe, expect, it } from 'vitest'
import { mergedNode, shapeAsPath } from './icon-paths'

describe("lucide's shapes as one path", () => {
  it('draws each kind of shape as path data', () => {
    expect(shapeAsPath('path', { d: 'M1 2h3', key: 'a' })).toBe('M1 2h3')
    // A relative first moveto stays relative to the origin, where a path of its own would start.
    expect(shapeAsPath('path', { d: 'm9 12 2 2', key: 'a' })).toBe('M0 0m9 12 2 2')
    expect(shapeAsPath('circle', { cx: '12', cy: '7', r: '4', key: 'a' })).toBe(
      'M8 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0z',
    )
    expect(shapeAsPath('ellipse', { cx: '12', cy: '5', rx: '9', ry: '3', key: 'a' })).toBe(
      'M3 5a9 3 0 1 0 18 0a9 3 0 1 0 -18 0z',
    )
    expect(shapeAsPath('line', { x1: '1', y1: '2', x2: '3', y2: '4', key: 'a' })).toBe('M1 2L3 4')
    expect(shapeAsPath('polyline', { points: '1 2 3 4 5 6', key: 'a' })).toBe('M1 2L3 4L5 6')
    expect(shapeAsPath('polygon', { points: '1,2 3,4 5,6', key: 'a' })).toBe('M1 2L3 4L5 6z')
    expect(shapeAsPath('rect', { x: '2', y: '4', width: '20', height: '16', key: 'a' })).toBe(
      'M2 4h20v16h-20z',
    )
    expect(shapeAsPath('rect', { x: '2', y: '4', width: '20', height: '16', rx: '2', key: 'a' })).toBe(
      'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z',
    )
  })

  it('keeps a shape with paint of its own, and an icon of one shape, as lucide draws them', () => {
    const dot = ['circle', { cx: '12', cy: '12', r: '1', fill: 'currentColor', key: 'b' }] as [
      string,
      Record<string, string>,
    ]
    expect(
      mergedNode([['path', { d: 'M1 1h2', key: 'a' }], ['path', { d: 'M3 3h2', key: 'c' }], dot]),
    ).toEqual([['path', { d: 'M1 1h2M3 3h2', key: 'merged' }], dot])
    expect(mergedNode([['path', { d: 'M1 1h2', key: 'a' }], dot])).toEqual([
      ['path', { d: 'M1 1h2', key: 'a' }],
      dot,
    ])
  })
})
