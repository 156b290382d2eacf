import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import type { DeliveryCompletionInput } from '../../../shared/schemas/order-completion'
import { ApiError } from '../../lib/api'
import { invalidateForChange } from '../../lib/realtime'
import { postDeliveryStep } from './api'

/**
 * A run's steps done at a door without data (docs/decisions/0071-volunteer-runs.md), kept on the
 * phone and sent in order when the network returns, as pickup confirmations are (entities/order/
 * pickup-queue.ts, 0047): by and for the volunteer who did them; a refusal stays, with its message,
 * until dismissed.
 */
export type QueuedStep = {
  userId: string
  deliveryId: string
  step: 'pick-up' | 'complete'
  title: string
  input?: DeliveryCompletionInput
  refusal?: { key?: string; message: string; params?: Record<string, string | number> }
}

const STORAGE_KEY = 'ahara-delivery-steps'
const listeners = new Set<() => void>()
let cached: QueuedStep[] | null = null

function read(): QueuedStep[] {
  if (cached) return cached
  try {
    cached = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedStep[]
  } catch {
    cached = []
  }
  return cached
}

function write(next: QueuedStep[]) {
  cached = next
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return
    cached = null
    for (const listener of listeners) listener()
  })
}

const same = (a: QueuedStep, b: QueuedStep) => a.deliveryId === b.deliveryId && a.step === b.step

export function queueStep(entry: QueuedStep) {
  write([...read().filter((e) => !same(e, entry)), entry])
}

export function dismissStep(entry: QueuedStep) {
  write(read().filter((e) => !same(e, entry)))
}

let sending = false

/** Sends `userId`'s steps in the order they were done; stops at the first without an answer. */
async function sendQueuedSteps(userId: string): Promise<number> {
  if (sending) return 0
  sending = true
  let sent = 0
  try {
    for (const entry of read().filter((e) => e.userId === userId && !e.refusal)) {
      try {
        await postDeliveryStep(entry.deliveryId, entry.step, entry.input)
        dismissStep(entry)
        sent++
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0) break
        write(
          read().map((e) =>
            same(e, entry)
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

/** The steps `userId` did offline that wait or were refused. */
export function useQueuedSteps(userId: string | undefined): QueuedStep[] {
  const all = useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, read)
  return all.filter((entry) => entry.userId === userId)
}

/** Sends `userId`'s waiting steps now and whenever the phone comes back online. */
export function useSendQueuedSteps(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const send = () => {
      void sendQueuedSteps(userId).then((sent) => {
        if (sent > 0) void invalidateForChange(queryClient, 'runs')
      })
    }
    if (navigator.onLine) send()
    window.addEventListener('online', send)
    return () => window.removeEventListener('online', send)
  }, [queryClient, userId])
}
