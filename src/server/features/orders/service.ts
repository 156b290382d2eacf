/** The orders feature's public functions: other features and the routes use these only. */
export { orderMails } from './approval-mail'
export { confirmAttendance } from './attendance'
export { orderCalendarEvent } from './calendar'
export { orderCalendarFile } from './calendar-file'
export { checkPickupCode, completeOrder, handoverOf, refuseCode } from './handover'
export { moveOrder, releaseOrder, transitionOrder } from './lifecycle'
export { type OfferTaken, offerTake, takeOffer } from './offer-by-sms'
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
  latestOpenOrderOf,
  listingSummary,
  listOrders,
  type SessionUserLike,
} from './queries'
export { checkStandingFairUse, placeStandingOrder } from './standing'
