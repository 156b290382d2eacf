import '@fontsource/noto-sans/latin-400.css'
import '@fontsource/noto-sans/latin-600.css'
import '@fontsource/noto-sans/latin-700.css'
import './app.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { forgetServerFirstScreen } from './components/layout/FirstScreen'
import { ApiError } from './lib/api'
import { initI18n } from './lib/i18n'
import { nextTask } from './lib/next-task'
import { RouterProvider } from './lib/router'
import { registerServiceWorker } from './lib/service-worker'
import { LanguageProvider } from './lib/translation'
import { router } from './routes'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A client error will not fix itself by asking again.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      // Offline, a read still runs: the service worker may answer it from its cache (docs/decisions/0033-offline-pwa.md).
      networkMode: 'offlineFirst',
    },
    // Offline, a write fails at once with 'This needs a connection' (lib/api.ts) instead of waiting.
    mutations: { networkMode: 'always' },
  },
})

// Only the production build has a service worker (vite-plugin-pwa builds src/web/sw.ts).
if (import.meta.env.PROD) registerServiceWorker()

// The first page's code is fetched while the catalogs load, not after.
router.start()
void router.firstPage.then(forgetServerFirstScreen)
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
