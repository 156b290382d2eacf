/// <reference lib="webworker" />
// Web push in the service worker (docs/decisions/0034-web-push.md): each push from the server is
// shown as a notification, and a tap opens the page it is about. Imported by src/web/sw.ts.
import type { PushMessage } from '../shared/schemas/push'

declare const self: ServiceWorkerGlobalScope

const ICON = '/icons/icon-192.png'
const BADGE = '/icons/badge-96.png'

/**
 * The server's message, or a plain one: a browser takes a push that shows nothing as abuse, and a
 * message this version cannot read still deserves a notice.
 */
function readMessage(event: PushEvent): PushMessage {
  const fallback: PushMessage = { title: 'Ahara', body: '', url: '/', tag: 'ahara', lang: 'en' }
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined
    if (!data || typeof data.title !== 'string') return fallback
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : 'ahara',
      lang: typeof data.lang === 'string' ? data.lang : 'en',
    }
  } catch {
    return fallback
  }
}

/** Only pages of this site are opened from a notification. */
function pageOf(url: unknown): string {
  const target = new URL(typeof url === 'string' ? url : '/', self.location.origin)
  return target.origin === self.location.origin ? target.href : `${self.location.origin}/`
}

self.addEventListener('push', (event) => {
  const message = readMessage(event)
  // renotify: a newer notice about the same order replaces the older one and still alerts.
  const options: NotificationOptions & { renotify: boolean } = {
    body: message.body,
    icon: ICON,
    badge: BADGE,
    tag: message.tag,
    renotify: true,
    lang: message.lang,
    data: { url: message.url },
  }
  event.waitUntil(self.registration.showNotification(message.title, options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const href = pageOf(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const showing = windows.find((client) => client.url === href)
      if (showing) return showing.focus()
      // An open Ahara tab goes to the page; without one (or one this worker does not control, which
      // cannot be navigated from here), a new window opens it.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      const navigated = await open?.navigate(href).catch(() => null)
      if (navigated) return navigated.focus()
      return self.clients.openWindow(href)
    })(),
  )
})
