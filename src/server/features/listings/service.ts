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
  scheduleExpirySweep,
} from './expiry'
export { concealLocation, type LocationFields, locationAccess, presentLocations } from './location'
export { listingsExport, withdrawListingsOf } from './personal-data'
export { listingPins } from './pins'
export { availableSql, bumped } from './rows'
export {
  findListing,
  latestAvailableListings,
  listCategories,
  listCities,
  listListings,
  presentListings,
} from './search'
export { assertListingOwner, createListing, updateListing } from './writes'
