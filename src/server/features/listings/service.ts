/**
 * The listings feature's public functions: other features and the app import from here only.
 * Search and reads live in search.ts, create and edit in writes.ts, the expiry sweep and the order
 * guard in expiry.ts, the row shape they share in rows.ts.
 */
export {
  assertOrderable,
  type ExpirySweep,
  expireListings,
  lockOrderableListing,
  orderProblem,
  startExpirySweep,
} from './expiry'
export { availableSql, bumped } from './rows'
export { findListing, latestAvailableListings, listCategories, listCities, listListings } from './search'
export { assertListingOwner, createListing, updateListing } from './writes'
