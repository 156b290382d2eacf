/**
 * The recipient says they are coming (docs/decisions/0061-sms-in-time.md): a reply of 1 to the
 * approval SMS records `attendance_confirmed_at` on the approved order, once, and rings the donor's
 * bell through the `order.attendanceConfirmed` event (its push follows from the outbox).
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { OrderKind } from '../../../shared/orders'
import type { Order } from '../../../shared/schemas/orders'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { recordEvents } from '../../platform/outbox'
import { orderChanges, orderRef } from './lifecycle'
import { getOrder, tableOf } from './queries'

/** Records that the requester is coming to the approved order; the order as it is now. */
export async function confirmAttendance(
  db: Database,
  kind: OrderKind,
  id: string,
  now: Date = new Date(),
): Promise<Order> {
  const table = tableOf[kind]
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(table)
      .set({ attendanceConfirmedAt: now })
      .where(and(eq(table.id, id), eq(table.status, 'confirmed'), isNull(table.attendanceConfirmedAt)))
      .returning({ id: table.id })
    const order = await getOrder(tx, kind, id)
    // A second 1 is answered again but rings no second bell.
    if (!changed) return order
    await recordEvents(tx, {
      type: 'order.attendanceConfirmed',
      payload: orderRef(kind, order),
      notices: [
        {
          userId: order.listing.donorId,
          type: 'attendance_confirmed',
          params: {
            name: order.requester.name,
            title: order.listing.title,
            quantity: order.quantity,
            time: sriLankaParts(order.pickupAt).time,
            kind,
          },
          relatedId: order.id,
        },
      ],
      changes: orderChanges(order),
    })
    return order
  })
}
