/**
 * The web app's byte budgets (docs/decisions/0032-web-performance.md), checked on the build in dist/:
 * for every page of src/web/routes.tsx and every language, the JavaScript and CSS a first visit
 * downloads, as brotli (what the server sends a browser; gzip printed beside it). A first visit loads
 * the entry and its static imports, the language's core catalog, the page's chunk with its static
 * imports and the page's own catalogs, and the CSS of all of them (the script's font CSS for si and ta).
 * Chunks a page loads later (dialogs, forms after a click) are not part of it.
 *
 *   npm run build && node scripts/check-budgets.mjs        # exits 1 when a budget is exceeded
 *
 * It asserts bytes, never time.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const KB = 1000
/**
 * JavaScript per route, enforced at issue 13's targets: home 90 KB, Find Food 110 KB, any other route
 * 150 KB (docs/decisions/0040-preact-and-a-small-router.md). Every route not named has the last one.
 */
const JS_BUDGETS = { '/': 90 * KB, '/find-food': 110 * KB }
const JS_BUDGET_ANY = 150 * KB
const CSS_BUDGET = 12 * KB
const LANGUAGES = ['en', 'si', 'ta']
/** The script's own font CSS, loaded by src/web/lib/i18n.ts for its readers. */
const FONT_CSS = {
  si: [
    'node_modules/@fontsource/noto-sans-sinhala/sinhala-400.css',
    'node_modules/@fontsource/noto-sans-sinhala/sinhala-700.css',
  ],
  ta: [
    'node_modules/@fontsource/noto-sans-tamil/tamil-400.css',
    'node_modules/@fontsource/noto-sans-tamil/tamil-700.css',
  ],
  en: [],
}

const dist = process.argv[2] ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))

/** Each route's page module and its own catalogs, read from routes.tsx (the one list of routes). */
function routesOf(source) {
  const routes = []
  const pattern =
    /path: '([^']+)',\s*lazy: \(\) =>\s*(?:withNamespaces\()?import\('\.\/([^']+)'\)(?:,\s*((?:'[^']+'(?:,\s*)?)+))?/g
  for (const match of source.matchAll(pattern)) {
    const namespaces = match[3] ? [...match[3].matchAll(/'([^']+)'/g)].map((m) => m[1]) : []
    routes.push({ path: match[1], module: `src/web/${match[2]}.tsx`, namespaces })
  }
  return routes
}

const sizes = new Map()
function sizeOf(file) {
  let size = sizes.get(file)
  if (!size) {
    const content = readFileSync(join(dist, file))
    size = {
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gzip: gzipSync(content, { level: 9 }).length,
    }
    sizes.set(file, size)
  }
  return size
}

/** A manifest entry's file, its static imports' files and every CSS file among them. */
function collect(key, js, css) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in ${dist}/.vite/manifest.json: build first`)
  if (js.has(chunk.file)) return
  js.add(chunk.file)
  for (const file of chunk.css ?? []) css.add(file)
  for (const imported of chunk.imports ?? []) collect(imported, js, css)
}

function total(files, kind) {
  let sum = 0
  for (const file of files) sum += sizeOf(file)[kind]
  return sum
}

function fontCssKey(path) {
  return Object.keys(manifest).find((key) => manifest[key].src === path || key === path)
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const routes = routesOf(readFileSync('src/web/routes.tsx', 'utf8'))
if (routes.length < 10) throw new Error(`only ${routes.length} routes read from src/web/routes.tsx`)

const rows = []
const failures = []
for (const route of routes) {
  for (const language of LANGUAGES) {
    const js = new Set()
    const css = new Set()
    collect(entryKey, js, css)
    collect(`catalog:${language}:core`, js, css)
    collect(route.module, js, css)
    for (const namespace of route.namespaces) collect(`catalog:${language}:${namespace}`, js, css)
    for (const font of FONT_CSS[language]) {
      const key = fontCssKey(font)
      if (!key) throw new Error(`${font} is not in the manifest`)
      css.add(manifest[key].file)
    }
    const jsBudget = JS_BUDGETS[route.path] ?? JS_BUDGET_ANY
    const row = {
      route: route.path,
      language,
      'JS files': js.size,
      'JS br': total(js, 'brotli'),
      'JS gz': total(js, 'gzip'),
      'JS budget': jsBudget,
      'CSS br': total(css, 'brotli'),
      'CSS gz': total(css, 'gzip'),
    }
    rows.push(row)
    if (row['JS br'] > jsBudget)
      failures.push(`${route.path} (${language}): JavaScript ${row['JS br']} B > ${jsBudget} B`)
    if (row['CSS br'] > CSS_BUDGET)
      failures.push(`${route.path} (${language}): CSS ${row['CSS br']} B > ${CSS_BUDGET} B`)
  }
}

console.table(rows)
if (failures.length > 0) {
  console.error(`Over budget (bytes as brotli, 1 KB = ${KB} B):\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log(`Every route and language within its budget (brotli bytes, 1 KB = ${KB} B).`)
