/**
 * Builds lucide-react's icons with src/web/lib/lucide-icon.ts in place of lucide's own
 * `createLucideIcon`: each icon module passes its data to whatever that import resolves to, so the
 * icons' paths and names stay lucide's, and only the component around them is lighter
 * (docs/decisions/0041-first-visit-main-thread.md). The dev server pre-bundles lucide-react and keeps
 * lucide's factory; lucide-icon.test.ts checks both render the same svg.
 */
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

const LUCIDE_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]/

export function lightIcons(factoryPath: string): Plugin {
  const factory = resolve(factoryPath)
  return {
    name: 'ahara-light-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && LUCIDE_MODULE.test(importer) && source.endsWith('/createLucideIcon.mjs')) return factory
      return null
    },
  }
}
