import { useQuery } from '@tanstack/react-query'
import { type OrderAction, type OrderKind, orderActionPath, orderPath } from '../../../shared/orders'
import type { NotificationType } from '../../../shared/reference-data'
import type { Notification } from '../../../shared/schemas/notifications'
import type { Delivery, Order } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'

export const NOTIFICATIONS_KEY = ['notifications'] as const

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api<{ items: Notification[]; unreadCount: number }>('/api/notifications'),
    enabled,
  })
}

export const notificationsApi = {
  markRead: (id: string) => api<Notification>(`/api/notifications/${id}/read`, { method: 'POST' }),
  markAllRead: () => api<{ updated: number }>('/api/notifications/read-all', { method: 'POST' }),
  /** A donor's step on the order a notification is about, from the notification itself. */
  orderAction: (kind: OrderKind, id: string, action: OrderAction) =>
    api(orderActionPath(kind, id, action), { method: 'POST' }),
  acceptDelivery: (id: string) => api(`/api/deliveries/${encodeURIComponent(id)}/accept`, { method: 'POST' }),
}

/** The record a notification is about: an order (claim or request), a delivery, or nothing to load. */
export type LinkedRecord =
  | { kind: 'claim' | 'request'; order: Order }
  | { kind: 'delivery'; delivery: Delivery }

const CLAIM_TYPES: NotificationType[] = [
  'food_claim',
  'claim_approved',
  'claim_declined',
  'claim_approved_donor',
  'claim_declined_donor',
]
const REQUEST_TYPES: NotificationType[] = ['food_request', 'request_accepted', 'request_declined']

export function linkedKind(notification: Notification): LinkedRecord['kind'] | null {
  if (!notification.relatedId) return null
  if (CLAIM_TYPES.includes(notification.type)) return 'claim'
  if (REQUEST_TYPES.includes(notification.type)) return 'request'
  // The donor's call to approve an order that came with a delivery, and the reminders: about the order.
  if (
    [
      'order_cancelled',
      'delivery_order',
      'pickup_reminder',
      'collection_check',
      'order_not_collected',
      'attendance_confirmed',
    ].includes(notification.type)
  )
    return notification.params.kind === 'request' ? 'request' : 'claim'
  if (notification.type.startsWith('delivery_')) return 'delivery'
  return null
}

export async function fetchLinkedRecord(notification: Notification): Promise<LinkedRecord | null> {
  const kind = linkedKind(notification)
  const id = notification.relatedId
  if (!kind || !id) return null
  if (kind === 'delivery') return { kind, delivery: await api<Delivery>(`/api/deliveries/${id}`) }
  return { kind, order: await api<Order>(orderPath(kind, id)) }
}
