/// <reference lib="webworker" />
// The service worker (docs/decisions/0033-offline-pwa.md). Built by vite-plugin-pwa (injectManifest)
// in the production build only; `self.__WB_MANIFEST` is the precache list the build writes in.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import {
  API_CACHE,
  FETCHED_AT_HEADER,
  FROM_CACHE_HEADER,
  isPersonalRead,
  isPublicRead,
  PERSONAL_CACHE,
} from './lib/offline-cache'
import './sw-push'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// The shell: index.html, its CSS and the JavaScript it loads before the first render.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every page of the app is the same index.html: served from the precache, so a repeat visit renders
// without waiting for the network. The server's own answers under these paths are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/uploads\//, /^\/metrics/],
  }),
)

const DAY = 24 * 60 * 60

// Route chunks, language catalogs and fonts: hashed names never change, so the first copy is kept.
// Only what this phone has loaded is kept: other routes, languages and scripts are never fetched.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map'),
  new CacheFirst({
    cacheName: 'ahara-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

// Listing photos and avatars: shown at once from the cache, refreshed behind the scenes, bounded.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/uploads/'),
  new StaleWhileRevalidate({
    cacheName: 'ahara-images',
    // A compressing server varies on Accept-Encoding; the stored copy is good for any request.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

/**
 * Stamps a response with the time it was fetched when it is stored, and marks a stored response
 * as such when it is served instead of the network's: the page shows 'showing food as of 14:05'.
 */
const stampFetchTime: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const headers = new Headers(response.headers)
    headers.set(FETCHED_AT_HEADER, new Date().toISOString())
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null
    const headers = new Headers(cachedResponse.headers)
    headers.set(FROM_CACHE_HEADER, '1')
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    })
  },
}

// Public reads (listings, home figures, categories, stories, events): the network first, the last
// answer when the network fails or is slower than the timeout. Personal reads are never stored.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && isPublicRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    matchOptions: { ignoreVary: true },
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
      stampFetchTime,
    ],
  }),
)

// The signed-in reader's own profile and the order pages they opened: the same, in a cache of their
// own that sign-in and sign-out delete, so the order opens at the door without data.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && isPersonalRead(url.pathname),
  new NetworkFirst({
    cacheName: PERSONAL_CACHE,
    matchOptions: { ignoreVary: true },
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
      stampFetchTime,
    ],
  }),
)

// The first install takes over the open page at once, so the page's next reads are stored; a new
// version waits until the reader chooses to reload ('Update available — reload').
clientsClaim()
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
