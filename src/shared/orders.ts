/**
 * The order vocabulary, declared once for the server, the ratings and the web
 * (docs/decisions/0006-one-order-model.md): the two kinds of order, the steps a person takes on one,
 * and the API paths of each.
 */

/** A claim of free food, or a request of half-price food. */
export const ORDER_KINDS = ['claim', 'request'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/** Each kind's collection in the API: `/api/claims/:id`, `/api/food-requests/:id`. */
export const ORDER_PATHS = { claim: 'claims', request: 'food-requests' } as const satisfies Record<
  OrderKind,
  string
>

/** The steps a donor (approve, decline, complete, not-collected) or a requester (cancel) takes. */
export const ORDER_ACTIONS = ['approve', 'decline', 'cancel', 'complete', 'not-collected'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

/** `/api/claims/:id/approve` and its like: one step of one order. */
export function orderActionPath(kind: OrderKind, id: string, action: OrderAction): string {
  return `/api/${ORDER_PATHS[kind]}/${encodeURIComponent(id)}/${action}`
}

/** `/api/claims/:id` or `/api/food-requests/:id`. */
export function orderPath(kind: OrderKind, id: string): string {
  return `/api/${ORDER_PATHS[kind]}/${encodeURIComponent(id)}`
}
