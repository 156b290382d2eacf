/** The parts the policy's rules are written with (src/shared/policy.ts holds the one table). */
import type { Actor } from './actor'

export const FORBIDDEN = 'errors.forbidden'
export const SIGN_IN = 'errors.signInRequired'

/** A rule's answer for a signed-in actor: true, or the i18n key of the 403 answer. */
export type Verdict = true | string

export type PublicRule = { anyone: true }

export type SignedInRule<R> = {
  anyone: false
  /** The 401 key for a signed-out visitor. */
  signInKey: string
  allows: (actor: Actor, resource: R) => Verdict
  /** Refused as missing (404): the resource's existence is not the actor's to know. */
  hidden: boolean
}

export type Rule<R> = PublicRule | SignedInRule<R>

/** Anyone, signed in or not. */
export const anyone = (): PublicRule => ({ anyone: true })

/** Signed-in users for whom `allows` is true; signed-out visitors get 401 with `signInKey`. */
export function signedIn<R = undefined>(
  signInKey: string,
  allows: (actor: Actor, resource: R) => Verdict = () => true,
  { hidden = false } = {},
): SignedInRule<R> {
  return { anyone: false, signInKey, allows, hidden }
}

export type Parties = { requesterId: string; donorId: string; volunteerId: string | null }

/** The people a delivery concerns: its requester, the listing's donor and its volunteer. */
export const isParty = (actor: Actor, delivery: Parties) =>
  actor.id === delivery.requesterId || actor.id === delivery.donorId || actor.id === delivery.volunteerId

/**
 * The people who may see where a listing's food is collected and how to reach its donor: its donor,
 * the requesters whose order on it is approved (confirmed or completed) and the volunteers delivering
 * it. The server fills the two lists for the viewer only (docs/decisions/0026-private-pickup-address.md).
 */
export type LocationParties = {
  donorId: string
  approvedRequesterIds: readonly string[]
  volunteerIds: readonly string[]
}

/** Moderators, whom only the operator's command makes (docs/decisions/0037-moderation.md). */
export const isModerator = (actor: Actor): Verdict => actor.role === 'moderator' || FORBIDDEN

/** Ordering food of someone else's listing: any signed-in user but its donor. */
export const notTheDonor = (actor: Actor, listing: { donorId: string }) =>
  actor.id !== listing.donorId || 'orders.errors.ownListing'
