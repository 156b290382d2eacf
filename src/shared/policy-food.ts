import { FORBIDDEN, type LocationParties, notTheDonor, SIGN_IN, signedIn } from './policy-kit'

export const FOOD_RULES = {
  'listing.create': signedIn(SIGN_IN, (actor) => actor.role === 'donor' || FORBIDDEN),
  'listing.edit': signedIn(
    'listings.errors.signInToEdit',
    (actor, listing: { donorId: string }) => actor.id === listing.donorId || 'listings.errors.notOwner',
  ),
  'listing.claim': signedIn('orders.errors.signInToClaim', notTheDonor),
  'listing.request': signedIn('orders.errors.signInToRequest', notTheDonor),
  'listing.askDelivery': signedIn('orders.errors.signInToDeliver', notTheDonor),
  /**
   * The street address, postal code and the donor's phone and e-mail of a listing, on every answer
   * that carries it; everyone else sees its city and district.
   */
  'listing.seeLocation': signedIn(
    SIGN_IN,
    (actor, listing: LocationParties) =>
      actor.id === listing.donorId ||
      listing.approvedRequesterIds.includes(actor.id) ||
      listing.volunteerIds.includes(actor.id) ||
      FORBIDDEN,
  ),

  'order.view': signedIn(
    SIGN_IN,
    (actor, order: { requesterId: string; donorId: string }) =>
      actor.id === order.requesterId || actor.id === order.donorId || FORBIDDEN,
  ),
  /**
   * The pickup code that proves the handover: its requester shows it; the donor, who types it, never
   * sees it (docs/decisions/0047-pickup-codes.md).
   */
  'order.seePickupCode': signedIn(
    SIGN_IN,
    (actor, order: { requesterId: string }) => actor.id === order.requesterId || FORBIDDEN,
  ),
  /** Approve, decline and complete. */
  'order.decide': signedIn(
    SIGN_IN,
    (actor, order: { donorId: string }) => actor.id === order.donorId || FORBIDDEN,
  ),
  /** Rate the other party once the order is completed (that it is, and once, is the data's: 409). */
  'order.rate': signedIn(
    SIGN_IN,
    (actor, order: { requesterId: string; donorId: string }) =>
      actor.id === order.requesterId || actor.id === order.donorId || FORBIDDEN,
  ),
  'order.cancel': signedIn(
    SIGN_IN,
    (actor, order: { requesterId: string }) => actor.id === order.requesterId || FORBIDDEN,
  ),
}
