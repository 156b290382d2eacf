/**
 * The app's second step of the start (main.tsx is the first): the layout, the router and the pages'
 * table, evaluated in a task of their own after React DOM's (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import type { createRoot as CreateRoot } from 'react-dom/client'
import { AppLayout } from './components/layout/AppLayout'
import { FirstPageLoading } from './components/layout/FirstScreen'
import { PageLoadFailed } from './components/layout/PageLoadFailed'
import { NotFoundPage } from './features/not-found/NotFoundPage'
import { ApiError } from './lib/api'
import { PageRouter, Pages, preloadPage, startNavigation } from './lib/navigation'
import { nextTask } from './lib/next-task'
import { registerServiceWorker } from './lib/service-worker'
import { LanguageProvider } from './lib/translation'
import { pages } from './routes'

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

/** Renders the app into #root once the catalogs (`catalogsLoaded`) are there. */
export async function startApp(createRoot: typeof CreateRoot, catalogsLoaded: Promise<void>) {
  // Only the production build has a service worker (vite-plugin-pwa builds src/web/sw.ts).
  if (import.meta.env.PROD) registerServiceWorker()
  startNavigation()
  // The first page's code is fetched while the catalogs load, not after.
  preloadPage(pages, window.location.pathname)
  await catalogsLoaded
  // The app renders in a task of its own, apart from the catalogs' parsing (lib/next-task.ts).
  await nextTask()
  const root = createRoot(document.getElementById('root')!)
  // As a transition, React builds the app in slices of a few milliseconds, letting a tap in between,
  // instead of one long task on a cheap phone (docs/decisions/0043-react-and-wouter.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <LanguageProvider>
            <PageRouter>
              <AppLayout>
                <Pages
                  routes={pages}
                  loading={<FirstPageLoading />}
                  failed={<PageLoadFailed />}
                  notFound={<NotFoundPage />}
                />
              </AppLayout>
            </PageRouter>
          </LanguageProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}
