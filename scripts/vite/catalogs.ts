/**
 * `virtual:catalogs`: for each language a loader of its core catalog (every namespace but the page and
 * server ones, merged into one module) and one loader per page namespace, so a reader downloads one
 * file of their own language at start and never another language's (docs/decisions/0032-web-performance.md).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { CORE_GROUP, PAGE_NAMESPACES, SERVER_NAMESPACES } from '../../src/web/lib/catalog-groups'

const PUBLIC_ID = 'virtual:catalogs'
const RESOLVED_ID = '\0virtual:catalogs'
/** `\0catalog:<language>:<group>`: a module with that group's catalogs. */
const GROUP_PREFIX = '\0catalog:'

function namespacesOf(folder: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
}

export function catalogs(localesDir: string): Plugin {
  const languages = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const pageNamespaces = new Set<string>(PAGE_NAMESPACES)
  const serverNamespaces = new Set<string>(SERVER_NAMESPACES)

  function groupNamespaces(language: string, group: string): string[] {
    if (group !== CORE_GROUP) return [group]
    return namespacesOf(join(localesDir, language)).filter(
      (namespace) => !pageNamespaces.has(namespace) && !serverNamespaces.has(namespace),
    )
  }

  return {
    name: 'ahara-catalogs',
    resolveId(id) {
      if (id === PUBLIC_ID) return RESOLVED_ID
      if (id.startsWith(GROUP_PREFIX)) return id
      return null
    },
    load(id) {
      if (id === RESOLVED_ID) {
        const groups = [CORE_GROUP, ...PAGE_NAMESPACES]
        const entries = languages.map((language) => {
          const loaders = groups.map(
            (group) =>
              `${JSON.stringify(group)}: () => import(${JSON.stringify(`${GROUP_PREFIX}${language}:${group}`)}).then((m) => m.default)`,
          )
          return `${JSON.stringify(language)}: {${loaders.join(', ')}}`
        })
        return `export const catalogLoaders = {${entries.join(',\n')}}`
      }
      if (!id.startsWith(GROUP_PREFIX)) return null
      const [language = '', group = ''] = id.slice(GROUP_PREFIX.length).split(':')
      const merged: Record<string, unknown> = {}
      for (const namespace of groupNamespaces(language, group)) {
        const file = join(localesDir, language, `${namespace}.json`)
        this.addWatchFile(file)
        merged[namespace] = JSON.parse(readFileSync(file, 'utf8'))
      }
      // JSON.parse of a string is quicker for the browser than an object literal of this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(merged))})`
    },
  }
}
