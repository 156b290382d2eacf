import { deliveryFee } from '../../../shared/delivery'
import type { FairUseLimits } from '../../../shared/fair-use'
import type { DeliveryData } from '../../../shared/schemas/order-input'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { deliveries } from '../../db/schema'
import { recordEvents } from '../../platform/outbox'
import { createDeliveryOrder } from '../orders/service'
import type { DeliveryActor } from './queries'

/**
 * Request Delivery: an order (claim or request, by the listing's price type) reserving the portions
 * and the delivery carrying them, in one transaction under the listing's row lock. The donor
 * approves the order before any volunteer hears of it (docs/decisions/0027-delivery-is-part-of-an-order.md).
 */
export async function createDelivery(
  db: Database,
  listingId: string,
  requester: DeliveryActor,
  input: DeliveryData,
  limits: FairUseLimits,
) {
  const district = input.district as Exclude<DeliveryData['district'], ''>
  const deliveryAt = sriLankaInstant(input.deliveryDate, input.deliveryTime)
  const { order, attached, listing } = await createDeliveryOrder(
    db,
    listingId,
    requester,
    { quantity: input.quantity, deliveryAt, phone: input.phone, notes: input.specialInstructions ?? null },
    limits,
    async (tx: Transaction, placed, locked) => {
      const [row] = await tx
        .insert(deliveries)
        .values({
          listingId,
          requesterId: requester.id,
          claimId: placed.kind === 'claim' ? placed.id : null,
          foodRequestId: placed.kind === 'request' ? placed.id : null,
          quantity: input.quantity,
          address: input.address,
          city: input.city,
          district,
          postalCode: input.postalCode ?? null,
          dropOffLat: input.dropOffPoint?.lat ?? null,
          dropOffLng: input.dropOffPoint?.lng ?? null,
          deliveryAt,
          phone: input.phone,
          email: requester.email,
          specialInstructions: input.specialInstructions ?? null,
          urgent: input.urgent,
          // The fee is the server's, from the district table; the client's figure is never read.
          fee: deliveryFee(district, input.urgent),
        })
        .returning({ id: deliveries.id, fee: deliveries.fee })
      const userIds = [requester.id, locked.donorId]
      await recordEvents(tx, {
        type: 'delivery.requested',
        payload: {
          kind: placed.kind,
          orderId: placed.id,
          listingId,
          donorId: locked.donorId,
          requesterId: requester.id,
          deliveryId: row!.id,
        },
        notices: [
          {
            userId: locked.donorId,
            type: 'delivery_order',
            params: {
              name: requester.name,
              quantity: input.quantity,
              title: locked.title,
              city: input.city,
              kind: placed.kind,
            },
            relatedId: placed.id,
          },
        ],
        changes: [{ table: 'deliveries', userIds }, { table: 'orders', userIds }, { table: 'listings' }],
      })
      return row!
    },
  )
  return { id: attached.id, fee: attached.fee, order, listing }
}
