/** The standing offers feature's public functions (docs/decisions/0068-standing-arrangements.md). */
export { confirmOccurrence, skipOccurrence } from './answers'
export { standingCalendarEvents } from './calendar'
export {
  askForDelivery,
  listStandingDeliveries,
  stopAskingForDelivery,
  stopDelivering,
  takeDeliveryDays,
} from './deliveries'
export type { PostingRules } from './occurrences'
export { createOffer, endOffer, pauseOffer, updateOffer } from './offers'
export { getOffer, listOffers } from './reads'
export { answerStandingQuantity } from './sms-reply'
export { scheduleStandingSweep, sweepStandingOffers } from './sweep'
export { joinOffer, leaveOffer } from './takers'
