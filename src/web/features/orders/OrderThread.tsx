import type { Order } from '../../../shared/schemas/orders'
import { MessageThread } from '../../entities/messages/MessageThread'
import { useOrderAction } from '../../entities/order/api'
import { useMe } from '../../lib/session'

/**
 * The order's messages; its requester who says "Sorry, I can't come" is offered to cancel the open
 * order there and then, so the food goes to someone else (docs/decisions/0066-messages.md). An order
 * with a delivery also has the delivery's thread, with its volunteer.
 */
export function OrderThread({ order }: { order: Order }) {
  const me = useMe().data
  const action = useOrderAction()
  const cancellable =
    me?.id === order.requester.id && (order.status === 'pending' || order.status === 'confirmed')
  return (
    <>
      <MessageThread
        kind="order"
        id={order.id}
        cancel={
          cancellable
            ? {
                busy: action.isPending,
                run: () => action.mutate({ kind: order.kind, id: order.id, action: 'cancel' }),
              }
            : undefined
        }
      />
      {/* With a delivery, its volunteer joins a thread of its own. */}
      {order.delivery && <MessageThread kind="delivery" id={order.delivery.id} />}
    </>
  )
}
