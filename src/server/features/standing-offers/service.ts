/** The standing offers feature's public functions (docs/decisions/0068-standing-arrangements.md). */

export { standingCalendarEvents } from './calendar'
export { confirmOccurrence, occurrenceOf, type PostingRules, skipOccurrence } from './occurrences'
export {
  createOffer,
  endOffer,
  findOffer,
  getOffer,
  listOffers,
  pauseOffer,
  updateOffer,
} from './offers'
export { answerStandingQuantity, type StandingSmsAnswer } from './sms-reply'
export { scheduleStandingSweep, sweepStandingOffers } from './sweep'
export { joinOffer, leaveOffer } from './takers'
