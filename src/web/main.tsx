import '@fontsource/noto-sans/latin-400.css'
import '@fontsource/noto-sans/latin-600.css'
import '@fontsource/noto-sans/latin-700.css'
import 'virtual:script-fonts.css'
import './app.css'
// Read before i18next changes <html lang>: the server's copy of the page's top (0042).
import './components/layout/server-first-screen'
import { initI18n } from './lib/i18n'
import { nextTask } from './lib/next-task'

/**
 * The start, in steps that are each a task of their own: on a cheap phone, evaluating all of the
 * app's modules at once was the longest task of a first visit, 200–280 ms at BI 400
 * (docs/decisions/0065-light-on-the-cheapest-phone.md). First i18next and the catalogs' download,
 * then React DOM, then the app (app-start.tsx). The page's HTML names every file of them
 * (scripts/first-visit-files.mjs), so the steps wait for no download.
 */
async function start() {
  const catalogsLoaded = initI18n()
  const { createRoot } = await import('react-dom/client')
  await nextTask()
  const { startApp } = await import('./app-start')
  await startApp(createRoot, catalogsLoaded)
}

void start()
