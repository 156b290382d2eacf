/**
 * Writes `.vite/first-visit.json` into the build: for each route of src/web/routes.tsx and each
 * language, the scripts a first visit needs beyond the ones index.html names already. The server puts
 * them in the page's HTML as modulepreload links (src/server/platform/web-pages.ts), so that a phone
 * asks for the page's code and catalogs together with the app's instead of after running it
 * (docs/decisions/0041-first-visit-main-thread.md).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { FIRST_VISIT_FILE } from '../../src/server/platform/web-pages'
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
      const routes = routesOf(await readFile(routesFile, 'utf8')).map((route) => ({
        path: route.path,
        scripts: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            [...firstVisitFiles(manifest, route, language).js]
              .filter((file) => !inIndexHtml.has(file))
              .map((file) => `/${file}`),
          ]),
        ),
      }))
      await writeFile(join(outDir, FIRST_VISIT_FILE), JSON.stringify({ routes }))
    },
  }
}
