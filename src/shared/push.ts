/**
 * Web push (docs/decisions/0034-web-push.md): where a subscription may point. The server sends a
 * POST to the endpoint a browser hands it, so only the browsers' own push services are accepted;
 * demo mode also accepts this machine (the tests' push service).
 */

/** The push services of Chrome, Android and Samsung (FCM), Firefox (Mozilla), Safari (Apple) and Edge (WNS). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A device keeps at most this many subscriptions per user; a new one past it drops the least recently used. */
export const MAX_PUSH_SUBSCRIPTIONS = 10

/** Whether `endpoint` is on a known push service (https, the host or a subdomain of one), or loopback when allowed. */
export function isPushServiceEndpoint(endpoint: string, { allowLoopback = false } = {}): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname))
    return url.protocol === 'http:' || url.protocol === 'https:'
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
}
