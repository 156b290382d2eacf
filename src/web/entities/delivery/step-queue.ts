import type { DeliveryCompletionInput } from '../../../shared/schemas/order-completion'
import { offlineQueue, type QueuedRefusal } from '../../lib/offline-queue'
import { postDeliveryStep } from './api'

/**
 * A run's steps done at a door without data (docs/decisions/0071-volunteer-runs.md), kept on the
 * phone and sent in order when the network returns, as pickup confirmations are (0047).
 */
export type QueuedStep = {
  userId: string
  deliveryId: string
  step: 'pick-up' | 'complete'
  title: string
  input?: DeliveryCompletionInput
  refusal?: QueuedRefusal
}

export const stepQueue = offlineQueue<QueuedStep>({
  storageKey: 'ahara-delivery-steps',
  same: (a, b) => a.deliveryId === b.deliveryId && a.step === b.step,
  send: (entry) => postDeliveryStep(entry.deliveryId, entry.step, entry.input),
  changed: 'runs',
})
