/**
 * Writes `.vite/first-visit.json` into the build: for each route of src/web/routes.tsx and each
 * language, the scripts a first visit needs beyond the ones index.html names already. The server puts
 * them in the page's HTML as modulepreload links (src/server/platform/web-pages.ts), so that a phone
 * asks for the page's code and catalogs together with the app's instead of after running it
 * (docs/decisions/0041-first-visit-main-thread.md). For the routes of src/web/first-screens.tsx it
 * also holds the page's top rendered in each language, which the server puts in the HTML
 * (docs/decisions/0042-first-screen-in-the-html.md).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { createServer, type Plugin } from 'vite'
import {
  FIRST_SCREEN_MARKER,
  FIRST_VISIT_FILE,
  type FirstVisit,
  HTML_LANG,
} from '../../src/server/platform/web-pages'
import type { FirstScreenHtml, renderFirstScreens } from '../../src/web/first-screens'
import { entryFiles, firstVisitFiles, LANGUAGES, routesOf } from '../first-visit-files.mjs'

export function firstVisit(routesFile: string): Plugin {
  let outDir = 'dist'
  return {
    name: 'ahara-first-visit',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async writeBundle() {
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'))
      const inIndexHtml = entryFiles(manifest).js
      const firstScreens = await renderedFirstScreens()
      const routes: FirstVisit['routes'] = routesOf(await readFile(routesFile, 'utf8')).map((route) => ({
        path: route.path,
        firstScreen: firstScreens[route.path],
        scripts: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            [...firstVisitFiles(manifest, route, language).js]
              .filter((file) => !inIndexHtml.has(file))
              .map((file) => `/${file}`),
          ]),
        ),
      }))
      const unknown = Object.keys(firstScreens).filter((path) => !routes.some((route) => route.path === path))
      if (unknown.length > 0)
        throw new Error(`src/web/first-screens.tsx names paths routes.tsx has not: ${unknown}`)
      // The server writes the first screens only where index.html says (src/server/platform/web-pages.ts).
      const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8')
      if (!indexHtml.includes(FIRST_SCREEN_MARKER) || !HTML_LANG.test(indexHtml))
        throw new Error(`index.html needs ${FIRST_SCREEN_MARKER} in its root element and <html lang="…">`)
      await writeFile(join(outDir, FIRST_VISIT_FILE), JSON.stringify({ routes } satisfies FirstVisit))
    },
  }
}

/**
 * src/web/first-screens.tsx run in Node through Vite (the app's aliases and catalogs), its elements
 * rendered by React DOM's server renderer.
 */
async function renderedFirstScreens(): Promise<FirstScreenHtml> {
  // A server for loading modules only: no file watching, no search for dependencies to prebundle.
  const server = await createServer({
    appType: 'custom',
    mode: 'production',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true },
  })
  try {
    const module = await server.ssrLoadModule('/src/web/first-screens.tsx')
    const render = module.renderFirstScreens as typeof renderFirstScreens
    return await render(renderToString)
  } finally {
    await server.close()
  }
}
