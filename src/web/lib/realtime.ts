import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useMe } from './session'

/**
 * Which TanStack Query keys (their first element) a change of a table makes stale. Features name
 * their query keys after these so the stream refreshes them.
 */
export const STALE_KEYS_BY_TABLE: Record<string, string[]> = {
  listings: ['listings', 'home', 'dashboard', 'impact'],
  orders: ['orders', 'listings', 'dashboard', 'impact', 'home'],
  deliveries: ['deliveries', 'dashboard', 'schedule', 'impact', 'community'],
  notifications: ['notifications'],
  events: ['events'],
  stories: ['stories', 'home'],
}

export function invalidateForChange(queryClient: QueryClient, table: string) {
  const keys = STALE_KEYS_BY_TABLE[table] ?? []
  return queryClient.invalidateQueries({ predicate: (query) => keys.includes(String(query.queryKey[0])) })
}

/** Refreshes what an order or delivery change touches (the stream does it too, a moment later). */
export function useRefreshAfterOrderChange() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        ['dashboard', 'orders', 'deliveries', 'listings', 'schedule'].includes(String(q.queryKey[0])),
    })
}

/**
 * Listens to /api/stream (Server-Sent Events) while the app is open. The browser reconnects by itself
 * after a dropped connection; on reconnecting, everything is refreshed, since changes may have been
 * missed. The stream is reopened when the user signs in or out (private rows follow the session).
 */
export function useRealtime() {
  const queryClient = useQueryClient()
  const me = useMe()
  const userId = me.data?.id ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session needs a new stream (userId)
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource('/api/stream')
    let opened = false
    source.onopen = () => {
      if (opened) void queryClient.invalidateQueries()
      opened = true
    }
    source.onmessage = (event) => {
      try {
        const { table } = JSON.parse(event.data) as { table: string }
        void invalidateForChange(queryClient, table)
      } catch {
        // A malformed message is ignored: the next change refreshes the lists anyway.
      }
    }
    return () => source.close()
  }, [queryClient, userId])
}
