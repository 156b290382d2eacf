import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { type OrderKind, orderActionPath } from '../../../shared/orders'
import type { CompletionInput } from '../../../shared/schemas/order-completion'
import type { Order } from '../../../shared/schemas/orders'
import { ApiError, api } from '../../lib/api'
import { invalidateForChange } from '../../lib/realtime'

/**
 * Pickup confirmations typed at a door without data (docs/decisions/0047-pickup-codes.md): kept on
 * the phone and sent when the network returns, by and for the donor who typed them (a family phone
 * may have another account signed in meanwhile); a refusal (wrong code, already completed) stays to
 * be shown, with its message, until dismissed.
 */
export type QueuedConfirmation = {
  /** The donor who typed it: only their session sends it or shows it. */
  userId: string
  kind: OrderKind
  id: string
  title: string
  input: CompletionInput
  /** The server's refusal, once it answered one. */
  refusal?: { key?: string; message: string; params?: Record<string, string | number> }
}

const STORAGE_KEY = 'ahara-pickup-confirmations'
const listeners = new Set<() => void>()
let cached: QueuedConfirmation[] | null = null

function read(): QueuedConfirmation[] {
  if (cached) return cached
  try {
    cached = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedConfirmation[]
  } catch {
    cached = []
  }
  return cached
}

function write(next: QueuedConfirmation[]) {
  cached = next
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  for (const listener of listeners) listener()
}

// Another tab of the app sent or queued one: read the queue afresh, so this tab does not resend it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return
    cached = null
    for (const listener of listeners) listener()
  })
}

/** POST /api/claims/:id/complete and its like. */
export function completeOrder(kind: OrderKind, id: string, input: CompletionInput) {
  return api<Order>(orderActionPath(kind, id, 'complete'), { body: input })
}

export function queueConfirmation(entry: QueuedConfirmation) {
  write([...read().filter((e) => e.id !== entry.id), entry])
}

export function dismissConfirmation(id: string) {
  write(read().filter((e) => e.id !== id))
}

let sending = false

/**
 * Sends what `userId` typed and waits; a confirmation without an answer (still no network) stays
 * for the next time.
 */
export async function sendQueuedConfirmations(userId: string): Promise<number> {
  if (sending) return 0
  sending = true
  let sent = 0
  try {
    for (const entry of read().filter((e) => e.userId === userId && !e.refusal)) {
      try {
        await completeOrder(entry.kind, entry.id, entry.input)
        dismissConfirmation(entry.id)
        sent++
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0) break
        write(
          read().map((e) =>
            e.id === entry.id
              ? { ...e, refusal: { key: error.key, message: error.message, params: error.params } }
              : e,
          ),
        )
      }
    }
  } finally {
    sending = false
  }
  return sent
}

/** The confirmations `userId` typed that wait or were refused. */
export function useQueuedConfirmations(userId: string | undefined): QueuedConfirmation[] {
  const all = useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, read)
  return all.filter((entry) => entry.userId === userId)
}

/** Sends `userId`'s waiting confirmations now and whenever the phone comes back online. */
export function useSendQueuedConfirmations(userId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const send = () => {
      void sendQueuedConfirmations(userId).then((sent) => {
        if (sent > 0) void invalidateForChange(queryClient, 'orders')
      })
    }
    if (navigator.onLine) send()
    window.addEventListener('online', send)
    return () => window.removeEventListener('online', send)
  }, [queryClient, userId])
}
