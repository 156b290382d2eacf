import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import { matchPath } from '../../shared/paths'
import { acceptedLanguages, languageFromBrowser } from '../../shared/reader-language'
import type { Language } from '../../shared/reference-data'

/** Written by the build (scripts/vite/first-visit.ts) beside the Vite manifest. */
export const FIRST_VISIT_FILE = '.vite/first-visit.json'

/**
 * Per route pattern and language, the scripts a first visit needs beyond index.html's own and, for
 * some pages, the page's top as HTML (src/web/first-screens.tsx).
 */
export type FirstVisit = {
  routes: {
    path: string
    scripts: Partial<Record<Language, string[]>>
    firstScreen?: Partial<Record<Language, string>>
  }[]
}

/** The list as last parsed: every page's HTML reads it, and only a rebuild changes it. */
let parsedFirstVisit: { file: string; modifiedMs: number; firstVisit: FirstVisit } | undefined

async function readFirstVisit(webDir: string): Promise<FirstVisit> {
  const file = join(webDir, FIRST_VISIT_FILE)
  try {
    const { mtimeMs } = await stat(file)
    if (parsedFirstVisit?.file === file && parsedFirstVisit.modifiedMs === mtimeMs)
      return parsedFirstVisit.firstVisit
    const firstVisit = JSON.parse(await readFile(file, 'utf8')) as FirstVisit
    parsedFirstVisit = { file, modifiedMs: mtimeMs, firstVisit }
    return firstVisit
  } catch {
    // A build from before the list existed: the page still works, its code just comes a step later.
    return { routes: [] }
  }
}

/**
 * `html` with `tags` at the end of its head. A function as the replacement: a `$&` in a tag (a
 * listing's title) stays text.
 */
export function withHeadTags(html: string, tags: readonly string[]): string {
  if (tags.length === 0) return html
  return html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
}

/** Where index.html's root element takes a page's first screen, after the header's skeleton. */
export const FIRST_SCREEN_MARKER = '<!--first-screen-->'
/** index.html's language, set to the first screen's. */
export const HTML_LANG = /<html lang="[^"]*"/

/**
 * index.html for the page at `pathname`, in `language`:
 * - the page's scripts as modulepreload links: a phone on a slow network asks for the page's code and
 *   its catalogs alongside the app's own, instead of after the app has run
 *   (docs/decisions/0041-first-visit-main-thread.md);
 * - the page's top, when the build rendered one, with the document's language: the title paints before
 *   any script arrives, and the app keeps it in place (docs/decisions/0042-first-screen-in-the-html.md).
 */
export function withFirstVisit(
  indexHtml: string,
  firstVisit: FirstVisit,
  pathname: string,
  language: Language,
  firstScreen = true,
): string {
  const route = firstVisit.routes.find((candidate) => matchPath(candidate.path, pathname))
  const scripts = route?.scripts[language] ?? []
  const withScripts = withHeadTags(
    indexHtml,
    scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`),
  )
  const top = firstScreen ? route?.firstScreen?.[language] : undefined
  if (!top || !withScripts.includes(FIRST_SCREEN_MARKER)) return withScripts
  return withScripts.replace(HTML_LANG, `<html lang="${language}"`).replace(FIRST_SCREEN_MARKER, () => top)
}

/**
 * The web app's HTML for a page. Read at each request: small, and a rebuilt app is served without a
 * restart. The language is the browser's, from Accept-Language, as the app picks it on a first visit
 * (src/web/lib/i18n.ts); later visits are answered by the service worker's copy. `firstScreen`
 * false leaves the page's top out (a listing's page whose photo the server cannot fill in).
 */
export async function webPageHtml(
  webDir: string,
  url: string,
  acceptLanguage: string | undefined,
  firstScreen = true,
): Promise<string> {
  const [indexHtml, firstVisit] = await Promise.all([
    readFile(join(webDir, 'index.html'), 'utf8'),
    readFirstVisit(webDir),
  ])
  const pathname = url.split(/[?#]/)[0] ?? '/'
  return withFirstVisit(
    indexHtml,
    firstVisit,
    pathname,
    languageFromBrowser(acceptedLanguages(acceptLanguage)),
    firstScreen,
  )
}

/**
 * Every other address (the web app's router decides what it shows) answers the app's HTML. A route,
 * not the not-found handler, so that the HTML is compressed like every other answer; the API's and
 * the built files' unknown addresses still get the not-found answer.
 */
export const webPageRoutes: FastifyPluginAsync<{ webDir: string }> = async (app, { webDir }) => {
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const { url } = request
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/assets/')) {
      return reply.callNotFound()
    }
    const html = await webPageHtml(webDir, url, request.headers['accept-language'])
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html)
  })
}
