import * as circleCheck from 'lucide-react/icons/circle-check'
import * as house from 'lucide-react/icons/house'
import * as loaderCircle from 'lucide-react/icons/loader-circle'
import * as x from 'lucide-react/icons/x'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import createLucideIcon, {
  type LightIconProps,
  type LucideIconData,
  mergedNode,
  shapeAsPath,
} from './lucide-icon'

const icons = { house, x, loaderCircle, circleCheck }

const propsTried: Record<string, LightIconProps> = {
  'no props': {},
  'a class': { className: 'size-4 shrink-0 text-green-700' },
  'a size and stroke': { size: 16, strokeWidth: 1.5, color: 'red' },
  'a label': { 'aria-label': 'Close' },
  'a role': { role: 'img' },
  'other attributes': { id: 'mark', style: { opacity: 0.5 } },
}

describe('the light icon factory', () => {
  for (const [iconName, module] of Object.entries(icons)) {
    const LucideIcon = module.default
    const iconData = (module as unknown as { __iconData: LucideIconData }).__iconData
    const LightIcon = createLucideIcon(iconData)
    for (const [case_, props] of Object.entries(propsTried)) {
      it(`renders ${iconName} with ${case_} as lucide-react does, its shapes as one path`, () => {
        const lucideIcon = module.default as unknown as Parameters<typeof createElement>[0]
        const expected = renderToStaticMarkup(createElement(lucideIcon, props))
        const merged = mergedNode(iconData.node)
        const lucidesShapes = renderToStaticMarkup(
          createElement(
            'g',
            null,
            ...iconData.node.map(([tag, attributes]) => createElement(tag, attributes)),
          ),
        ).slice(3, -4)
        const ownShapes = renderToStaticMarkup(
          createElement('g', null, ...merged.map(([tag, attributes]) => createElement(tag, attributes))),
        ).slice(3, -4)
        expect(renderToStaticMarkup(createElement(LightIcon, props))).toBe(
          expected.replace(lucidesShapes, ownShapes),
        )
      })
    }
    it(`renders ${iconName} with a title child as lucide-react does`, () => {
      const title = () => createElement('title', null, 'Done')
      expect(renderToStaticMarkup(createElement(LightIcon, null, title()))).toMatch(
        /<title>Done<\/title><\/svg>$/,
      )
      expect(renderToStaticMarkup(createElement(LightIcon, null, title())).split('>')[0]).toBe(
        renderToStaticMarkup(createElement(LucideIcon, null, title())).split('>')[0],
      )
    })
  }
})

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
