import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'

/**
 * The app's one query cache: main.tsx provides it to the pages, and the router fills it with a
 * page's data while the page's code loads (RouteObject.prefetch in lib/router.tsx).
 */
export const queryClient = new QueryClient({
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
