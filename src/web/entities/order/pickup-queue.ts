import { type OrderKind, orderActionPath } from '../../../shared/orders'
import type { CompletionInput } from '../../../shared/schemas/order-completion'
import type { Order } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'
import { offlineQueue, type QueuedRefusal } from '../../lib/offline-queue'

/**
 * Pickup confirmations typed at a door without data (docs/decisions/0047-pickup-codes.md): kept on
 * the phone and sent when the network returns; a refusal (wrong code, already completed) stays to
 * be shown until dismissed.
 */
export type QueuedConfirmation = {
  /** The donor who typed it: only their session sends it or shows it. */
  userId: string
  kind: OrderKind
  id: string
  title: string
  input: CompletionInput
  /** The server's refusal, once it answered one. */
  refusal?: QueuedRefusal
}

/** POST /api/claims/:id/complete and its like. */
export function completeOrder(kind: OrderKind, id: string, input: CompletionInput) {
  return api<Order>(orderActionPath(kind, id, 'complete'), { body: input })
}

export const confirmationQueue = offlineQueue<QueuedConfirmation>({
  storageKey: 'ahara-pickup-confirmations',
  same: (a, b) => a.id === b.id,
  send: (entry) => completeOrder(entry.kind, entry.id, entry.input),
  changed: 'orders',
})
