import * as circleCheck from 'lucide-react/icons/circle-check'
import * as house from 'lucide-react/icons/house'
import * as loaderCircle from 'lucide-react/icons/loader-circle'
import * as x from 'lucide-react/icons/x'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import createLucideIcon, { type LightIconProps, type LucideIconData } from './lucide-icon'

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
      it(`renders ${iconName} with ${case_} as lucide-react does`, () => {
        expect(renderToStaticMarkup(createElement(LightIcon, props))).toBe(
          renderToStaticMarkup(createElement(LucideIcon, props)),
        )
      })
    }
    it(`renders ${iconName} with a title child as lucide-react does`, () => {
      const title = () => createElement('title', null, 'Done')
      expect(renderToStaticMarkup(createElement(LightIcon, null, title()))).toBe(
        renderToStaticMarkup(createElement(LucideIcon, null, title())),
      )
    })
  }
})
