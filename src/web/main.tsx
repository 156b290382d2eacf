import '@fontsource/noto-sans/latin-400.css'
import '@fontsource/noto-sans/latin-600.css'
import '@fontsource/noto-sans/latin-700.css'
import './app.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initI18n } from './lib/i18n'
import { nextTask } from './lib/next-task'
import { queryClient } from './lib/query-client'
import { RouterProvider } from './lib/router'
import { registerServiceWorker } from './lib/service-worker'
import { LanguageProvider } from './lib/translation'
import { router } from './routes'

// Only the production build has a service worker (vite-plugin-pwa builds src/web/sw.ts).
if (import.meta.env.PROD) registerServiceWorker()

// The first page's code is fetched while the catalogs load, not after.
router.start()
const catalogsLoaded = initI18n()
void catalogsLoaded.then(async () => {
  // The layout renders in a task of its own, then the page in another (lib/next-task.ts, lib/router.tsx).
  await nextTask()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <RouterProvider router={router} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
})
