import type { Actor } from '../../../shared/actor'
import type { Delivery } from '../../../shared/schemas/orders'
import type { Database } from '../../db/client'
import { authorize } from '../../platform/authorization'
import { conflict } from '../../platform/errors'
import { addRating } from '../ratings/service'
import { getDelivery, partiesOf, presentDeliveries } from './queries'

/** The requester rates a completed delivery once, 1 to 5. */
export async function rateDelivery(
  db: Database,
  id: string,
  actor: Actor,
  rating: number,
): Promise<Delivery> {
  const before = await getDelivery(db, id)
  authorize(actor, 'delivery.rate', partiesOf(before))
  if (before.status !== 'completed' || !before.volunteer) throw conflict('deliveries.errors.cannotRate')
  // The same model as the orders' ratings: it counts in the volunteer's average.
  await addRating(
    db,
    { kind: 'delivery', id },
    actor.id,
    before.volunteer.id,
    rating,
    null,
    'deliveries.errors.cannotRate',
    { type: 'delivery.rated', payload: { deliveryId: id }, changes: [{ table: 'deliveries' }] },
  )
  return (await presentDeliveries(db, actor, [await getDelivery(db, id)]))[0]!
}
