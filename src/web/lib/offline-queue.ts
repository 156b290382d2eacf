import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { ApiError } from './api'
import { invalidateForChange } from './realtime'

/** The server's refusal of a queued entry, kept to be shown with its message until dismissed. */
export type QueuedRefusal = { key?: string; message: string; params?: Record<string, string | number> }

/** What every queued entry carries: who did it (only their session sends it or shows it). */
export type QueuedEntry = { userId: string; refusal?: QueuedRefusal }

export type OfflineQueueOptions<T extends QueuedEntry> = {
  /** The localStorage key the entries live under. */
  storageKey: string
  /** Whether two entries are the same action (a newer one replaces the older). */
  same: (a: T, b: T) => boolean
  /** Sends one entry to the server. */
  send: (entry: T) => Promise<unknown>
  /** The realtime table whose queries are stale once something was sent. */
  changed: string
}

/**
 * Actions done at a door without data, kept on the phone and sent in order when the network
 * returns, by and for the user who did them (a family phone may have another account signed in
 * meanwhile); a refusal stays, with its message, until dismissed (docs/decisions/0047-pickup-codes.md,
 * 0071-volunteer-runs.md). An entry without an answer (still no network) stays for the next time.
 */
export function offlineQueue<T extends QueuedEntry>({
  storageKey,
  same,
  send,
  changed,
}: OfflineQueueOptions<T>) {
  const listeners = new Set<() => void>()
  let cached: T[] | null = null
  let sending = false

  const notify = () => {
    for (const listener of listeners) listener()
  }

  function read(): T[] {
    if (cached) return cached
    try {
      cached = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as T[]
    } catch {
      cached = []
    }
    return cached
  }

  function write(next: T[]) {
    cached = next
    localStorage.setItem(storageKey, JSON.stringify(next))
    notify()
  }

  // Another tab of the app sent or queued one: read the queue afresh, so this tab does not resend it.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== storageKey) return
      cached = null
      notify()
    })
  }

  const queue = (entry: T) => write([...read().filter((e) => !same(e, entry)), entry])
  const dismiss = (entry: T) => write(read().filter((e) => !same(e, entry)))

  /** Sends `userId`'s entries in the order they were done; stops at the first without an answer. */
  async function sendQueued(userId: string): Promise<number> {
    if (sending) return 0
    sending = true
    let sent = 0
    try {
      for (const entry of read().filter((e) => e.userId === userId && !e.refusal)) {
        try {
          await send(entry)
          dismiss(entry)
          sent++
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 0) break
          const refusal = { key: error.key, message: error.message, params: error.params }
          write(read().map((e) => (same(e, entry) ? { ...e, refusal } : e)))
        }
      }
    } finally {
      sending = false
    }
    return sent
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  return { queue, dismiss, read, subscribe, sendQueued, changed }
}

export type OfflineQueue<T extends QueuedEntry> = ReturnType<typeof offlineQueue<T>>

/** The entries `userId` did offline that wait or were refused. */
export function useQueued<T extends QueuedEntry>(queue: OfflineQueue<T>, userId: string | undefined): T[] {
  const all = useSyncExternalStore(queue.subscribe, queue.read)
  return all.filter((entry) => entry.userId === userId)
}

/** Sends `userId`'s waiting entries now and whenever the phone comes back online. */
export function useSendQueued<T extends QueuedEntry>(queue: OfflineQueue<T>, userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const sendAll = () => {
      void queue.sendQueued(userId).then((sent) => {
        if (sent > 0) void invalidateForChange(queryClient, queue.changed)
      })
    }
    if (navigator.onLine) sendAll()
    window.addEventListener('online', sendAll)
    return () => window.removeEventListener('online', sendAll)
  }, [queryClient, queue, userId])
}
