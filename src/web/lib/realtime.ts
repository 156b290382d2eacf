import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type ChangeTopic, isChangeTopic } from '../../shared/realtime'
import { useMe } from './session'

/** The first elements of the TanStack Query keys the stream refreshes. */
export type QueryKeyRoot =
  | 'listings'
  | 'home'
  | 'dashboard'
  | 'impact'
  | 'orders'
  | 'deliveries'
  | 'community'
  | 'notifications'
  | 'events'
  | 'stories'
  | 'messages'
  | 'runs'

/**
 * Which query keys (their first element) a change of each topic makes stale. Features name their
 * query keys after these so the stream refreshes them; a new topic needs its entry here.
 */
export const STALE_KEYS_BY_TABLE: Record<ChangeTopic, readonly QueryKeyRoot[]> = {
  listings: ['listings', 'home', 'dashboard', 'impact'],
  orders: ['orders', 'listings', 'dashboard', 'impact', 'home'],
  deliveries: ['deliveries', 'dashboard', 'impact', 'community'],
  notifications: ['notifications'],
  events: ['events'],
  stories: ['stories', 'home'],
  messages: ['messages'],
  // A requester's "2 stops away" is read with their order and delivery.
  runs: ['runs', 'deliveries', 'orders'],
}

/** Refreshes what a change makes stale; a topic this version of the app does not know refreshes nothing. */
export function invalidateForChange(queryClient: QueryClient, table: string) {
  const keys: readonly string[] = isChangeTopic(table) ? STALE_KEYS_BY_TABLE[table] : []
  return queryClient.invalidateQueries({ predicate: (query) => keys.includes(String(query.queryKey[0])) })
}

/** Refreshes what an order or delivery change touches (the stream does it too, a moment later). */
export function useRefreshAfterOrderChange() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => ['dashboard', 'orders', 'deliveries', 'listings'].includes(String(q.queryKey[0])),
    })
}

/** A page whose stream was refused reads its lists again this often (docs/decisions/0063-live-listings.md). */
export const POLL_MS = 30_000

/**
 * Listens to /api/stream (Server-Sent Events) while the app is open. The browser reconnects by itself
 * after a dropped connection; on reconnecting, everything is refreshed, since changes may have been
 * missed. A refused stream (429: the address opened too many this minute) is not retried by the
 * browser: the page then reads what it shows every 30 s and tries a stream again at the next poll.
 * The stream is reopened when the user signs in or out (private rows follow the session).
 */
export function useRealtime() {
  const queryClient = useQueryClient()
  const me = useMe()
  const userId = me.data?.id ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session needs a new stream (userId)
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let poll: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const open = () => {
      const stream = new EventSource('/api/stream')
      source = stream
      let opened = false
      stream.onopen = () => {
        if (opened) void queryClient.invalidateQueries()
        opened = true
      }
      stream.onmessage = (event) => {
        try {
          const { table } = JSON.parse(event.data) as { table: string }
          void invalidateForChange(queryClient, table)
        } catch {
          // A malformed message is ignored: the next change refreshes the lists anyway.
        }
      }
      stream.onerror = () => {
        // CONNECTING: the browser retries a dropped stream itself. CLOSED: it was refused.
        if (stream.readyState !== EventSource.CLOSED || stopped) return
        poll = setTimeout(() => {
          void queryClient.invalidateQueries()
          if (!stopped) open()
        }, POLL_MS)
      }
    }
    open()
    return () => {
      stopped = true
      clearTimeout(poll)
      source?.close()
    }
  }, [queryClient, userId])
}
