import type { OrderKind } from '../../../shared/orders'
import type { Database } from '../../db/client'
import type { SessionUser } from '../../platform/auth'
import { orderCalendar } from './calendar'
import { getVisibleOrder } from './queries'

/**
 * The .ics of an order for one of its people (403 for anyone else), in the reader's language. An
 * order a volunteer carries is its delivery's event (no one collects it at the door): the route
 * sends the reader there.
 */
export async function orderCalendarFile(
  db: Database,
  kind: OrderKind,
  id: string,
  reader: SessionUser,
  publicUrl: string,
): Promise<{ file: string } | { deliveryId: string }> {
  const order = await getVisibleOrder(db, kind, id, reader)
  if (order.delivery) return { deliveryId: order.delivery.id }
  return { file: orderCalendar(order, reader, publicUrl) }
}
