/** The orders feature's public functions: other features and the routes use these only. */
export { approvalMail } from './approval-mail'
export { moveOrder, type OrderAction, transitionOrder } from './lifecycle'
export {
  endOrdersOfRequester,
  endOrdersOnListingsOf,
  forgetRequesterDetails,
  ordersExport,
} from './personal-data'
export { createClaim, createDeliveryOrder, createFoodRequest } from './placing'
export {
  findVisibleOrder,
  getOrder,
  getVisibleOrder,
  listingSummary,
  listOrders,
  type OrderKind,
  type SessionUserLike,
} from './queries'
