/**
 * First refusal: a large free listing is offered to the verified organisations of its district for
 * a while before anyone else may order it (docs/decisions/0055-first-refusal.md).
 */

export type FirstRefusalRule = {
  /** Free listings of at least this many servings ... */
  minServings: number
  /** ... are offered to organisations first for this many minutes. */
  minutes: number
}

/** The defaults; FIRST_REFUSAL_SERVINGS and FIRST_REFUSAL_MINUTES override them. */
export const FIRST_REFUSAL: FirstRefusalRule = { minServings: 20, minutes: 30 }

/**
 * Until when a new listing is offered to organisations first, or null when it is public at once:
 * half-price food, fewer servings than the rule's, the donor turned it off, or no verified
 * organisation in the district to offer it to.
 */
export function firstRefusalUntil(
  listing: { type: string; quantity: number; institutionsFirst: boolean },
  verifiedOrganisationsInDistrict: number,
  now: Date,
  rule: FirstRefusalRule = FIRST_REFUSAL,
): Date | null {
  if (listing.type !== 'free' || !listing.institutionsFirst) return null
  if (listing.quantity < rule.minServings || verifiedOrganisationsInDistrict === 0) return null
  return new Date(now.getTime() + rule.minutes * 60_000)
}

/** Whether the listing is still offered to organisations only. */
export function offeredToOrganisationsOnly(until: Date | string | null, now: Date): boolean {
  return until !== null && new Date(until).getTime() > now.getTime()
}

/**
 * Until when a listing is held from this person: the hold's end while it holds and they are not a
 * verified organisation of its district, else null. The server refuses their order with it (409) and
 * the web shows it before any dialog, with Claim disabled (docs/decisions/0055-first-refusal.md).
 */
export function heldFrom(
  listing: { institutionsFirstUntil: Date | string | null; pickupDistrict: string },
  organisation: { district: string | null } | null,
  now: Date,
): Date | null {
  const until = listing.institutionsFirstUntil
  if (!offeredToOrganisationsOnly(until, now)) return null
  if (organisation && organisation.district === listing.pickupDistrict) return null
  return new Date(until!)
}
