/**
 * Builds lucide-react's icons with src/web/lib/lucide-icon.ts in place of lucide's own
 * `createLucideIcon`: each icon module passes its data to whatever that import resolves to, so the
 * icons' paths and names stay lucide's, and only the component around them is lighter
 * (docs/decisions/0041-first-visit-main-thread.md). The dev server pre-bundles lucide-react and keeps
 * lucide's factory; lucide-icon.test.ts checks both render the same svg. Each icon's shapes are
 * joined into one path here too (src/web/lib/icon-paths.ts,
 * docs/decisions/0065-light-on-the-cheapest-phone.md), at build time: no code for it in the app.
 */
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { type IconNode, mergedNode } from '../../src/web/lib/icon-paths'

const LUCIDE_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]/
const ICON_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/

/** Where an icon module's shapes are, `node: [...]`: its array literal, by matching brackets (its strings have none). */
function nodeLiteral(code: string): { start: number; end: number } | undefined {
  const start = code.indexOf('node: [')
  if (start < 0) return undefined
  let depth = 0
  for (let at = start + 'node: '.length; at < code.length; at++) {
    if (code[at] === '[') depth++
    else if (code[at] === ']' && --depth === 0) return { start: start + 'node: '.length, end: at + 1 }
  }
  return undefined
}

export function lightIcons(factoryPath: string): Plugin {
  const factory = resolve(factoryPath)
  return {
    name: 'ahara-light-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && LUCIDE_MODULE.test(importer) && source.endsWith('/createLucideIcon.mjs')) return factory
      return null
    },
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null
      const literal = nodeLiteral(code)
      if (!literal) return null
      // Lucide's own data, an array literal of strings: evaluated as the module itself would.
      const node = new Function(`return ${code.slice(literal.start, literal.end)}`)() as IconNode
      const merged = mergedNode(node)
      if (merged === node) return null
      return {
        code: `${code.slice(0, literal.start)}${JSON.stringify(merged)}${code.slice(literal.end)}`,
        map: null,
      }
    },
  }
}
