// Shared by the service worker (src/web/sw.ts) and the page (docs/decisions/0033-offline-pwa.md).

/** The cache of public API reads; the page deletes it at sign-out. */
export const API_CACHE = 'ahara-api'
/** When a stored API answer was fetched (ISO time), set by the service worker as it stores it. */
export const FETCHED_AT_HEADER = 'x-ahara-fetched-at'
/** Set on an API answer the service worker served from its cache because the network failed. */
export const FROM_CACHE_HEADER = 'x-ahara-from-cache'

/**
 * Reads anyone may make, kept for offline browsing: listings, the home and impact figures,
 * categories, stories, events and the community pages. Of the personal reads only those below are
 * stored, apart; dashboards, notifications, lists, deliveries and attendees never are.
 */
const PUBLIC_READS: readonly RegExp[] = [
  /^\/api\/listings$/,
  /^\/api\/listings\/[^/]+$/,
  /^\/api\/(home|impact|categories|auth-options|stories|events)$/,
  /^\/api\/events\/[^/]+$/,
  /^\/api\/community\/(leaderboard|volunteers)$/,
]

export function isPublicRead(pathname: string): boolean {
  return PUBLIC_READS.some((pattern) => pattern.test(pathname))
}

/** The cache of the signed-in reader's own reads below; the page deletes it at sign-in and sign-out. */
export const PERSONAL_CACHE = 'ahara-personal'

/**
 * Who is signed in, and the order pages they opened (code, address and window for the door): kept
 * so they open offline once seen, and the reader still looks signed in (docs/decisions/0033-offline-pwa.md).
 */
const PERSONAL_READS: readonly RegExp[] = [/^\/api\/me$/, /^\/api\/orders\/[^/]+$/]

export function isPersonalRead(pathname: string): boolean {
  return PERSONAL_READS.some((pattern) => pattern.test(pathname))
}
