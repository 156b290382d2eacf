/**
 * Keeps the web app's layers apart (README, Layout): a feature imports only its own files, entities,
 * components, lib and src/shared; an entity only its own files, components, lib and src/shared;
 * components (but for the route-level components/layout) only components, lib and src/shared; lib
 * only lib and src/shared. What two features share moves down a layer instead of being imported
 * across. routes.tsx, main.tsx, app-start.tsx, first-screens.tsx and components/layout put the features together and
 * may import them.
 *
 * And the web reads the API in one place: an address under /api/ is written only in an `api.ts` (a
 * feature's, an entity's or a component folder's) or in lib/, never in a component.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'

const WEB = fileURLToPath(new URL('.', import.meta.url))
const SHARED = resolve(WEB, '../shared')

/** Where a file sits: its layer, which feature or entity, and whether it is route-level code. */
type Place = { layer: string; unit?: string; routeLevel?: boolean }

function placeOf(path: string): Place | null {
  if (path === SHARED || path.startsWith(SHARED + sep)) return { layer: 'shared' }
  if (!path.startsWith(WEB)) return null
  const [top, unit] = relative(WEB, path).split(sep)
  if (top === 'features' || top === 'entities') return { layer: top, unit }
  if (top === 'components' && unit === 'layout') return { layer: 'components', routeLevel: true }
  if (top === 'components' || top === 'lib') return { layer: top }
  return { layer: 'app' }
}

/** The layers each layer may import from, besides its own unit (a feature or entity) and packages. */
const ALLOWED: Record<string, string[]> = {
  features: ['entities', 'components', 'lib', 'shared'],
  entities: ['components', 'lib', 'shared'],
  components: ['components', 'lib', 'shared'],
  lib: ['lib', 'shared'],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every module a file names: static imports, re-exports and import() of a literal. */
function importsOf(path: string): string[] {
  const source = readFileSync(path, 'utf8')
  const { module, errors } = parseSync(path, source)
  if (errors.length > 0) throw new Error(`${relative(WEB, path)}: ${errors[0]!.message}`)
  const dynamic = module.dynamicImports
    .map((d) => source.slice(d.moduleRequest.start, d.moduleRequest.end))
    .filter((request) => /^(['"`])[^'"`$]*\1$/.test(request))
    .map((request) => request.slice(1, -1))
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((entry) => entry.moduleRequest?.value ?? [])),
    ...dynamic,
  ]
}

/** Why an import breaks the layers, or null when it is allowed. */
function violation(file: string, request: string): string | null {
  if (!request.startsWith('.')) return null
  const from = placeOf(file)
  const to = placeOf(resolve(dirname(file), request))
  if (!from || from.routeLevel || !(from.layer in ALLOWED)) return null
  if (!to) return 'it reaches outside src/web and src/shared'
  if (to.layer === from.layer && to.unit === from.unit) return null
  if (ALLOWED[from.layer]!.includes(to.layer)) return null
  const target = to.unit ? `${to.layer}/${to.unit}` : to.layer
  return `${from.layer}${from.unit ? `/${from.unit}` : ''} may not import ${target}`
}

/** A file's code without its comments (a comment may name the route it talks about). */
function codeOf(path: string, source = readFileSync(path, 'utf8')): string {
  const { comments } = parseSync(path, source)
  return [...comments]
    .reverse()
    .reduce(
      (code, { start, end }) => code.slice(0, start) + ' '.repeat(end - start) + code.slice(end),
      source,
    )
}

/** Where an /api/ address may be written: api.ts files, lib/, and tests (they name what they fake). */
function mayNameApi(path: string): boolean {
  const file = relative(WEB, path)
  return file.endsWith(`${sep}api.ts`) || file.startsWith(`lib${sep}`) || /\.test\.tsx?$/.test(file)
}

describe('web layers', () => {
  it('no feature, entity, component or lib file imports across its boundary', () => {
    const problems = ['features', 'entities', 'components', 'lib'].flatMap((top) =>
      sourceFiles(join(WEB, top)).flatMap((file) =>
        importsOf(file).flatMap((request) => {
          const why = violation(file, request)
          return why ? [`src/web/${relative(WEB, file)} imports '${request}': ${why}`] : []
        }),
      ),
    )
    expect(problems).toEqual([])
  })

  it('refuses a feature importing a sibling feature, and allows the layers below', () => {
    const findFood = join(WEB, 'features', 'find-food', 'FindFoodPage.tsx')
    expect(violation(findFood, '../orders/ClaimDialog')).toBe(
      'features/find-food may not import features/orders',
    )
    expect(violation(findFood, './order-actions')).toBeNull()
    expect(violation(findFood, '../../entities/order/ClaimDialog')).toBeNull()
    const entity = join(WEB, 'entities', 'order', 'api.ts')
    expect(violation(entity, '../../features/dashboards/api')).toBe(
      'entities/order may not import features/dashboards',
    )
    expect(violation(entity, '../listing/api')).toBe('entities/order may not import entities/listing')
    const component = join(WEB, 'components', 'ui', 'Panel.tsx')
    expect(violation(component, '../../entities/user/BadgeChip')).toBe(
      'components may not import entities/user',
    )
    expect(violation(join(WEB, 'components', 'layout', 'UserArea.tsx'), '../../features/auth/api')).toBeNull()
  })

  it('writes /api/ addresses only in api.ts files and lib/', () => {
    const naming = sourceFiles(WEB)
      .filter((file) => !mayNameApi(file) && codeOf(file).includes('/api/'))
      .map((file) => relative(WEB, file).split(sep).join('/'))
    expect(naming).toEqual([])
  })

  it('finds an /api/ address in code, not in a comment, outside api.ts and lib/', () => {
    expect(mayNameApi(join(WEB, 'features', 'moderation', 'api.ts'))).toBe(true)
    expect(mayNameApi(join(WEB, 'lib', 'push.ts'))).toBe(true)
    expect(mayNameApi(join(WEB, 'features', 'moderation', 'ReportsTab.tsx'))).toBe(false)
    expect(
      codeOf('a.ts', '/** Sends POST /api/reports. */\nconst sent = 1 // to /api/reports'),
    ).not.toContain('/api/')
    expect(codeOf('a.ts', "const path = '/api/reports/' + id")).toContain('/api/')
  })
})
