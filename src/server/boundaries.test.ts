/**
 * Keeps the server's features apart (docs/decisions/0044-domain-events.md), as src/web/boundaries.test.ts
 * does the web's layers: a feature reads another only through its service.ts; the notifications
 * feature reads none; routes hand the after-effects of a change to the outbox, never to the bell or
 * the realtime stream themselves; and src/server has no import cycle, type imports included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'

const SERVER = fileURLToPath(new URL('.', import.meta.url))
const FEATURES = join(SERVER, 'features')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** Every module a file names, `import type` and re-exports included. */
function importsOf(path: string): string[] {
  const source = readFileSync(path, 'utf8')
  const { module, errors } = parseSync(path, source)
  if (errors.length > 0) throw new Error(`${relative(SERVER, path)}: ${errors[0]!.message}`)
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

/** The file a relative import names, or null for a package. */
function resolveImport(from: string, request: string): string | null {
  if (!request.startsWith('.')) return null
  const base = resolve(dirname(from), request)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

const featureOf = (path: string) =>
  path.startsWith(FEATURES + sep) ? relative(FEATURES, path).split(sep)[0] : undefined

const files = sourceFiles(SERVER)
const graph = new Map(
  files.map((file) => [file, importsOf(file).flatMap((request) => resolveImport(file, request) ?? [])]),
)

describe('server boundaries', () => {
  it('a feature reads another feature only through its service.ts', () => {
    const problems = [...graph].flatMap(([file, imports]) =>
      imports.flatMap((target) => {
        const [from, to] = [featureOf(file), featureOf(target)]
        if (!from || !to || from === to) return []
        return target === join(FEATURES, to, 'service.ts')
          ? []
          : [`${relative(SERVER, file)} imports ${relative(SERVER, target)}`]
      }),
    )
    expect(problems).toEqual([])
  })

  it('the notifications feature depends on no other feature', () => {
    const problems = [...graph]
      .filter(([file]) => featureOf(file) === 'notifications')
      .flatMap(([file, imports]) =>
        imports
          .filter((target) => featureOf(target) && featureOf(target) !== 'notifications')
          .map((target) => `${relative(SERVER, file)} imports ${relative(SERVER, target)}`),
      )
    expect(problems).toEqual([])
  })

  it('no route tells the bell or the realtime stream itself: its change records an event', () => {
    const problems = files
      .filter((file) => file.startsWith(FEATURES + sep) && file.endsWith('routes.ts'))
      .flatMap((file) => {
        const source = readFileSync(file, 'utf8')
        return [/\.notify\(/, /realtime\.publish\(/]
          .filter((call) => call.test(source))
          .map((call) => `${relative(SERVER, file)} calls ${call.source.replace(/\\/g, '')}`)
      })
    expect(problems).toEqual([])
  })

  it('src/server has no import cycle, type imports included', () => {
    // Tarjan's strongly connected components: a component of more than one file is a cycle.
    const index = new Map<string, number>()
    const low = new Map<string, number>()
    const stack: string[] = []
    const onStack = new Set<string>()
    const cycles: string[][] = []
    let next = 0
    const visit = (file: string) => {
      index.set(file, next)
      low.set(file, next)
      next += 1
      stack.push(file)
      onStack.add(file)
      for (const target of graph.get(file) ?? []) {
        if (!graph.has(target)) continue
        if (!index.has(target)) {
          visit(target)
          low.set(file, Math.min(low.get(file)!, low.get(target)!))
        } else if (onStack.has(target)) {
          low.set(file, Math.min(low.get(file)!, index.get(target)!))
        }
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = []
        for (let member = stack.pop()!; ; member = stack.pop()!) {
          onStack.delete(member)
          component.push(relative(SERVER, member))
          if (member === file) break
        }
        if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort())
      }
    }
    for (const file of graph.keys()) if (!index.has(file)) visit(file)
    expect(cycles).toEqual([])
  })
})
