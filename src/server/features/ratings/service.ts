/** The ratings feature's public surface: other features import only this file. */
export { ratingsExport } from './personal-data'
export { addRating, type RatingSubject, rateOrder, ratingSummaryOf, ratingsOfUser } from './ratings'
