/** The orders feature's public functions: other features and the routes use these only. */
export { createClaim, createFoodRequest, type OrderAction, transitionOrder } from './lifecycle'
export { getVisibleOrder, listingSummary, listOrders, type OrderKind } from './queries'
