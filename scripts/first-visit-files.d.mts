export type Manifest = Record<
  string,
  {
    file: string
    isEntry?: boolean
    imports?: string[]
    dynamicImports?: string[]
    css?: string[]
    src?: string
  }
>
export type RouteFiles = { path: string; module: string; namespaces: string[] }
export const LANGUAGES: readonly ['en', 'si', 'ta']
export function routesOf(source: string): RouteFiles[]
export function startFiles(manifest: Manifest): { js: Set<string>; css: Set<string> }
export function entryFiles(manifest: Manifest): { js: Set<string>; css: Set<string> }
export function firstVisitFiles(
  manifest: Manifest,
  route: RouteFiles,
  language: string,
): { js: Set<string>; css: Set<string> }
