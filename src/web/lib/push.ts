import type { PushSubscriptionList, PushSubscription as StoredDevice } from '../../shared/schemas/push'
import { api } from './api'

// This browser's side of web push (docs/decisions/0034-web-push.md): the subscription the push
// service gives it, and its copy on the server that sends to it.

export const PUSH_DEVICES_PATH = '/api/me/push-subscriptions'

/** Why turning pushes on failed before the server was asked: the browser or its push service. */
export class PushSubscribeError extends Error {}

/** Whether this browser can receive pushes at all (iPhones only from the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** This browser's subscription, if it has one (none before the service worker is registered). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

const WORKER_WAIT_MS = 10_000

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, i) => byte === b[i])
}

/**
 * Subscribes this browser with the server's key (permission already granted) and stores it on the
 * server. A subscription made with an older key is replaced; one the server refuses is dropped.
 */
export async function subscribeThisDevice(publicKey: string): Promise<StoredDevice> {
  const applicationServerKey = keyBytes(publicKey)
  let subscription: PushSubscription | null
  try {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS),
      ),
    ])
    subscription = await registration.pushManager.getSubscription()
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  } catch (error) {
    throw new PushSubscribeError(error instanceof Error ? error.message : String(error))
  }
  try {
    return await api<StoredDevice>(PUSH_DEVICES_PATH, { body: subscription.toJSON() })
  } catch (error) {
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
}

/**
 * Stops pushes to this browser: removes its copy on the server (signed in), then the subscription.
 * A failure to reach the server keeps the subscription, so the user may try again.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await deviceSubscription()
  if (!subscription) return
  const { items } = await api<PushSubscriptionList>(PUSH_DEVICES_PATH)
  const stored = items.find((item) => item.endpoint === subscription.endpoint)
  if (stored) await api<void>(`${PUSH_DEVICES_PATH}/${stored.id}`, { method: 'DELETE' })
  await subscription.unsubscribe()
}
