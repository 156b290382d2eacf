import type { OrderKind } from '../../../shared/orders'
import type { Database } from '../../db/client'
import type { SessionUser } from '../../platform/auth'
import { orderCalendar } from './calendar'
import { getVisibleOrder } from './queries'

/** The .ics of an order for one of its people (403 for anyone else), in the reader's language. */
export async function orderCalendarFile(
  db: Database,
  kind: OrderKind,
  id: string,
  reader: SessionUser,
  publicUrl: string,
): Promise<string> {
  const order = await getVisibleOrder(db, kind, id, reader)
  return orderCalendar(order, reader, publicUrl)
}
