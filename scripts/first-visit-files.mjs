/**
 * The files a first visit to each page of src/web/routes.tsx downloads, read from the build's Vite
 * manifest: the entry and its static imports, the language's core catalog, the page's chunk with its
 * static imports, the page's own catalogs, and the CSS of all of them. Chunks a page loads later
 * (dialogs, forms after a click) are not part of it. scripts/check-budgets.mjs weighs them; the build
 * lists them for the server, which names them in the page's HTML (scripts/vite/first-visit.ts,
 * docs/decisions/0041-first-visit-main-thread.md).
 */

export const LANGUAGES = ['en', 'si', 'ta']

/**
 * Each route's page module and its own catalogs, read from routes.tsx (the one list of routes): a row
 * of its table, `page('/path', () => import('./features/x/XPage').then(...), ['namespace', ...])`, or
 * a route written out, `path: '/path', lazy: () => import('./features/x/XPage')`.
 */
export function routesOf(source) {
  const routes = []
  const rows =
    /page\(\s*'([^']+)',\s*\(\) =>\s*import\('\.\/([^']+)'\)\.then\(\(m\) => m\.\w+\),?(?:\s*\[([^\]]*)\])?/g
  const written = /path: '([^']+)',\s*lazy: \(\) =>\s*import\('\.\/([^']+)'\)()/g
  const matches = [...source.matchAll(rows), ...source.matchAll(written)].sort((a, b) => a.index - b.index)
  for (const match of matches) {
    const namespaces = match[3] ? [...match[3].matchAll(/'([^']+)'/g)].map((m) => m[1]) : []
    routes.push({ path: match[1], module: `src/web/${match[2]}.tsx`, namespaces })
  }
  if (routes.length < 10) throw new Error(`only ${routes.length} routes read from src/web/routes.tsx`)
  return routes
}

/** A manifest entry's file, its static imports' files and every CSS file among them. */
function collect(manifest, key, js, css) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the build's .vite/manifest.json: build first`)
  if (js.has(chunk.file)) return
  js.add(chunk.file)
  for (const file of chunk.css ?? []) css.add(file)
  for (const imported of chunk.imports ?? []) collect(manifest, imported, js, css)
}

/** The entry's own files: index.html names them already. */
export function entryFiles(manifest) {
  const js = new Set()
  const css = new Set()
  collect(
    manifest,
    Object.keys(manifest).find((key) => manifest[key].isEntry),
    js,
    css,
  )
  return { js, css }
}

/**
 * The start's steps that main.tsx imports one task after another (React DOM, then app-start.tsx):
 * the entry's dynamic imports with their static imports. Every page needs them; index.html does not
 * name them, so the server's links and the service worker's shell do
 * (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
export function startFiles(manifest) {
  const js = new Set()
  const css = new Set()
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  for (const key of entry.dynamicImports ?? []) collect(manifest, key, js, css)
  return { js, css }
}

/** Everything a first visit to `route` in `language` loads, the entry's files included. */
export function firstVisitFiles(manifest, route, language) {
  const { js, css } = entryFiles(manifest)
  const start = startFiles(manifest)
  for (const file of start.js) js.add(file)
  for (const file of start.css) css.add(file)
  collect(manifest, `catalog:${language}:core`, js, css)
  collect(manifest, route.module, js, css)
  for (const namespace of route.namespaces) collect(manifest, `catalog:${language}:${namespace}`, js, css)
  return { js, css }
}
