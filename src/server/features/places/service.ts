/** The places feature's public surface: other features import only this file. */
export { findNearestPlace, findPlaces, PLACES } from './place-search'
