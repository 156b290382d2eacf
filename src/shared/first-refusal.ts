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
