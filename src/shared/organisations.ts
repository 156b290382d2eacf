/**
 * Organisations that feed many people a day: children's and elders' homes, community kitchens,
 * temples and NGOs. Verified by a moderator, a recipient organisation's fair-use limits scale with
 * the people it feeds (docs/decisions/0054-organisations-and-their-limits.md).
 */
import type { FairUseLimits } from './fair-use'

/** i18n: ORGANISATION_KIND_KEYS */
export const ORGANISATION_KINDS = [
  'childrens-home',
  'elders-home',
  'community-kitchen',
  'religious',
  'ngo',
] as const
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number]

/** The i18n key of each kind, written out so the catalogs test sees every one. */
export const ORGANISATION_KIND_KEYS: Record<OrganisationKind, string> = {
  'childrens-home': 'organisations.kinds.childrens-home',
  'elders-home': 'organisations.kinds.elders-home',
  'community-kitchen': 'organisations.kinds.community-kitchen',
  religious: 'organisations.kinds.religious',
  ngo: 'organisations.kinds.ngo',
}

/** People fed a day, as an organisation may declare it. */
export const MAX_ORGANISATION_CAPACITY = 5000

/** Open orders a verified organisation may hold at once. */
export const ORGANISATION_MAX_OPEN_ORDERS = 10

/**
 * A verified organisation's limits: free portions a day up to the people it feeds, open orders up
 * to 10, never below a person's; the no-show pause is a person's.
 */
export function organisationLimits(personal: FairUseLimits, capacity: number): FairUseLimits {
  return {
    ...personal,
    maxDailyFreePortions: Math.max(personal.maxDailyFreePortions, capacity),
    maxOpenOrders: Math.max(personal.maxOpenOrders, ORGANISATION_MAX_OPEN_ORDERS),
  }
}
