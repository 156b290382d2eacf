/**
 * The web app's byte budgets (docs/decisions/0032-web-performance.md), checked on the build in dist/:
 * for every page of src/web/routes.tsx and every language, the JavaScript and CSS a first visit
 * downloads (scripts/first-visit-files.mjs; the Sinhala and Tamil faces are declared in the entry CSS,
 * fetched only for text in their script, src/web/script-fonts.css), as brotli (what
 * the server sends a browser; gzip printed beside it).
 *
 *   npm run build && node scripts/check-budgets.mjs        # exits 1 when a budget is exceeded
 *
 * It asserts bytes, never time.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { firstVisitFiles, LANGUAGES, routesOf } from './first-visit-files.mjs'

const KB = 1000
/**
 * JavaScript per route, with React DOM and React Router in every first visit: home 135 KB, Find Food
 * 140 KB, any other route 180 KB (docs/decisions/0043-react-and-react-router.md). Every route not
 * named has the last one.
 */
const JS_BUDGETS = { '/': 135 * KB, '/find-food': 140 * KB }
const JS_BUDGET_ANY = 180 * KB
const CSS_BUDGET = 12 * KB
const dist = process.argv[2] ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))

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

function total(files, kind) {
  let sum = 0
  for (const file of files) sum += sizeOf(file)[kind]
  return sum
}

const routes = routesOf(readFileSync('src/web/routes.tsx', 'utf8'))
/** Scripts index.html loads beside the app, from public/: the manifest does not know them. */
const publicScripts = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
]
  .map((match) => match[1])
  .filter((file) => !file.startsWith('assets/'))

const rows = []
const failures = []
for (const route of routes) {
  for (const language of LANGUAGES) {
    const { js, css } = firstVisitFiles(manifest, route, language)
    for (const file of publicScripts) js.add(file)
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
