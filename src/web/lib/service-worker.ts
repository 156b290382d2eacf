import { useSyncExternalStore } from 'react'
import { API_CACHE, PERSONAL_CACHE } from './offline-cache'

// The page's side of the service worker (src/web/sw.ts, docs/decisions/0033-offline-pwa.md):
// registers it, hands it what the first visit loaded before it took over, and tells the page
// when a new version waits.

let waiting: ServiceWorker | null = null
const listeners = new Set<() => void>()

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker
  for (const listener of listeners) listener()
}

/** The new version's worker when one is installed and waits for the reader's reload. */
export function useWaitingWorker(): ServiceWorker | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => waiting,
  )
}

/** Lets the waiting version take over; the page reloads when it has. */
export function reloadIntoNewVersion(worker: ServiceWorker) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  worker.postMessage({ type: 'SKIP_WAITING' })
}

const sameOrigin = (url: string) => url.startsWith(`${window.location.origin}/`)

/**
 * The first visit loaded the shell, the route's chunks and its data before the worker existed:
 * once it controls the page, it fetches them again into its caches (workbox-routing's
 * CACHE_URLS), so the page works offline after one visit. A request already under way when the
 * worker took over did not pass through it either: it is sent when it ends.
 */
function cacheWhatThisVisitLoaded(controller: ServiceWorker) {
  const controlledAt = performance.now()
  const send = (urls: string[]) => {
    const ours = [...new Set(urls.filter(sameOrigin))]
    if (ours.length > 0) controller.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: ours } })
  }
  send(performance.getEntriesByType('resource').map((entry) => entry.name))
  const lateOnes = new PerformanceObserver((list) => {
    send(
      list
        .getEntries()
        .filter((entry) => entry.startTime < controlledAt)
        .map((entry) => entry.name),
    )
  })
  lateOnes.observe({ type: 'resource' })
  setTimeout(() => lateOnes.disconnect(), 60_000)
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // A version installed while this page was closed is already waiting.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      // Without a controller this is the first install, not an update.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing)
    })
  })
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const hadController = navigator.serviceWorker.controller !== null
  if (!hadController) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const controller = navigator.serviceWorker.controller
        if (controller) cacheWhatThisVisitLoaded(controller)
      },
      { once: true },
    )
  }
  // Once the first page is up and the browser idle: the worker's install downloads the shell again
  // into its cache, which a first visit on a slow network should not wait behind
  // (docs/decisions/0065-light-on-the-cheapest-phone.md).
  whenIdleAfterLoad(() => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        watchForUpdates(registration)
        // A page left open for days still learns of a new version.
        setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000)
      })
      .catch(() => {
        // No worker (private mode, an old browser): the app works online as before.
      })
  })
}

/** Runs `then` in an idle moment after the page's load (at most 5 s after it). */
function whenIdleAfterLoad(then: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 5000 }) : setTimeout(then, 1000)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * Sign-in and sign-out: the reads stored while signed in, the account's own and the public ones,
 * may hold what only that account saw.
 */
export async function forgetStoredApiAnswers() {
  if (typeof caches === 'undefined') return
  await Promise.all([API_CACHE, PERSONAL_CACHE].map((name) => caches.delete(name).catch(() => false)))
}
