import { DISTRICTS, type District, findDistrict } from './districts'
import { distanceKm, type Point } from './geo'
import {
  MAX_PICKUP_DAYS,
  PICKUP_PROBLEMS,
  type PickupListing,
  type PickupProblem,
  pickupProblem,
} from './pickup-time'
import type { DeliveryStatus } from './reference-data'
import { sriLankaInstant, sriLankaParts } from './sri-lanka-time'

export const DEFAULT_DELIVERY_FEE = 300
export const URGENT_DELIVERY_SURCHARGE = 100

/** Delivery fee in LKR, paid to the volunteer on delivery. */
export function deliveryFee(district: string | null | undefined, urgent: boolean): number {
  const base = findDistrict(district)?.deliveryFee ?? DEFAULT_DELIVERY_FEE
  return base + (urgent ? URGENT_DELIVERY_SURCHARGE : 0)
}

/** Delivery times offered to requesters: hourly from 09:00 to 18:00. */
export const DELIVERY_TIMES = Array.from({ length: 10 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`)

/**
 * A delivery time is a pickup time too: ahead, inside the food's pickup window and before its expiry
 * (pickupProblem); these are the refusals in a delivery's words.
 */
export const DELIVERY_PROBLEMS: Record<PickupProblem, string> = {
  [PICKUP_PROBLEMS.past]: 'orders.errors.deliveryTimeInPast',
  [PICKUP_PROBLEMS.outsideWindow]: 'orders.errors.deliveryOutsideWindow',
  [PICKUP_PROBLEMS.afterExpiry]: 'orders.errors.deliveryAfterExpiry',
}

/** The delivery times on the Sri Lankan `date` that `listing`'s food allows (the dialog offers these). */
export function deliveryTimesOn(listing: PickupListing, date: string, now: Date = new Date()): string[] {
  return DELIVERY_TIMES.filter((time) => pickupProblem(listing, sriLankaInstant(date, time), now) === null)
}

/** The first date and time a delivery of `listing`'s food may be asked for; null when none is left. */
export function firstDeliveryTime(
  listing: PickupListing,
  now: Date = new Date(),
): { date: string; time: string } | null {
  for (let day = 0; day <= MAX_PICKUP_DAYS; day++) {
    const { date } = sriLankaParts(new Date(now.getTime() + day * 86_400_000))
    const [time] = deliveryTimesOn(listing, date, now)
    if (time) return { date, time }
  }
  return null
}

/**
 * A delivery's steps, in order: pending -> assigned (accepted) -> in-progress (picked up) ->
 * completed (delivered). Before pick-up its volunteer may hand it back (pending again); while nobody
 * has it its requester may cancel. Who may take each step is the policy's (src/shared/policy.ts).
 */
export const DELIVERY_STEPS = {
  accept: { from: 'pending', to: 'assigned' },
  'hand-back': { from: 'assigned', to: 'pending' },
  'pick-up': { from: 'assigned', to: 'in-progress' },
  complete: { from: 'in-progress', to: 'completed' },
  cancel: { from: 'pending', to: 'cancelled' },
} as const satisfies Record<string, { from: DeliveryStatus; to: DeliveryStatus }>

export type DeliveryAction = keyof typeof DELIVERY_STEPS
export const DELIVERY_ACTIONS = Object.keys(DELIVERY_STEPS) as [DeliveryAction, ...DeliveryAction[]]

/** What a step reads of a delivery: its status and whether the donor has approved its order. */
export type DeliveryState = { status: DeliveryStatus; approved: boolean }

/**
 * Why `action` cannot happen to a delivery in `state` now (an i18n key, answered as 409), or null
 * when it can. Volunteers see a delivery only once the donor approved it, so accepting waits for that.
 */
export function deliveryStepRefusal(action: DeliveryAction, state: DeliveryState): string | null {
  const step = DELIVERY_STEPS[action]
  if (state.status === step.from) {
    return action === 'accept' && !state.approved ? 'deliveries.errors.awaitingApproval' : null
  }
  return STEP_REFUSALS[action](state.status)
}

const STEP_REFUSALS: Record<DeliveryAction, (status: DeliveryStatus) => string> = {
  accept: () => 'deliveries.errors.alreadyTaken',
  'hand-back': (status) =>
    status === 'in-progress' ? 'deliveries.errors.handBackAfterPickUp' : 'deliveries.errors.cannotHandBack',
  'pick-up': (status) =>
    status === 'pending'
      ? 'deliveries.errors.notAssigned'
      : status === 'cancelled'
        ? 'deliveries.errors.notActive'
        : 'deliveries.errors.alreadyPickedUp',
  complete: (status) =>
    status === 'assigned' || status === 'pending'
      ? 'deliveries.errors.notPickedUp'
      : 'deliveries.errors.notActive',
  cancel: () => 'deliveries.errors.notPending',
}

/** The steps that can happen to a delivery in `state` now, in order (the web shows these buttons). */
export function nextDeliverySteps(state: DeliveryState): DeliveryAction[] {
  return DELIVERY_ACTIONS.filter((action) => deliveryStepRefusal(action, state) === null)
}

/**
 * Straight-line distance between two districts' centroids, in whole km; null if either is unknown.
 * Two different districts are at least 1 km apart, never "about 0 km".
 */
export function districtDistanceKm(
  from: string | null | undefined,
  to: string | null | undefined,
): number | null {
  const a = findDistrict(from)
  const b = findDistrict(to)
  if (!a || !b) return null
  return a === b ? 0 : Math.max(1, Math.round(distanceKm(a, b)))
}

/** How far from their district's centre a volunteer is expected to ride, each way. */
export const VOLUNTEER_REACH_KM = 50

/**
 * Where a volunteer rides from: the district they registered and the free text of their location;
 * their home point and how far they go from it, when they set them.
 */
export type VolunteerPlace = {
  district?: string | null
  location?: string | null
  homePoint?: Point | null
  reachKm?: number | null
}

/** How far a volunteer goes from their home point unless they say (users.reach_km's default). */
export const DEFAULT_REACH_KM = 10

/**
 * A delivery's two ends: the listing's pickup district and the drop-off district, and their points
 * when they are known.
 */
export type DeliveryEnds = {
  pickupDistrict: string
  district: string
  pickupPoint?: Point | null
  dropOffPoint?: Point | null
}

/**
 * The districts a volunteer rides from: their own, and any their location text names ("Kelaniya,
 * near Colombo"), in any case.
 */
export function homeDistricts(volunteer: VolunteerPlace): District[] {
  const text = volunteer.location ?? ''
  return DISTRICTS.filter((d) => d.name === volunteer.district || districtAsPlace(d).test(text))
}

/**
 * Each district's name as a place in a location text: a whole word, not the road that leads there
 * ("Galle Road, Colombo 03" lives in Colombo, not Galle; main roads are named after their towns).
 * Made at first use: compiling the 25 Unicode patterns when the module loads cost every page's first
 * visit milliseconds on a cheap phone (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum).
 */
const districtPatterns = new Map<District, RegExp>()

function districtAsPlace(district: District): RegExp {
  let pattern = districtPatterns.get(district)
  if (!pattern) {
    const name = district.name.replace(/\s+/g, '\\s+')
    const road = '\\s*(road|rd|mawatha|mw|street|st|lane|ln|junction)\\b'
    pattern = new RegExp(`(^|[^\\p{L}])${name}(?![\\p{L}])(?!${road})`, 'iu')
    districtPatterns.set(district, pattern)
  }
  return pattern
}

/** The districts whose centres a volunteer riding from `home` reaches (home itself included). */
function reachFrom(home: District): District[] {
  return DISTRICTS.filter((d) => d === home || distanceKm(d, home) <= VOLUNTEER_REACH_KM)
}

/**
 * Where the volunteer's home point and both ends' points are known, whether both ends lie within
 * their reachKm of home, straight-line (docs/decisions/0070-places-are-points.md); undefined when a
 * point is missing, and the district rule decides.
 */
function reachByDistance(volunteer: VolunteerPlace, ends: DeliveryEnds): boolean | undefined {
  const home = volunteer.homePoint
  if (!home || !ends.pickupPoint || !ends.dropOffPoint) return undefined
  const reach = volunteer.reachKm ?? DEFAULT_REACH_KM
  return distanceKm(home, ends.pickupPoint) <= reach && distanceKm(home, ends.dropOffPoint) <= reach
}

/**
 * Whether a volunteer can reach both ends of a delivery: by distance where every point is known
 * (reachByDistance); otherwise one of their home districts has both within
 * reach. This decides who is offered a delivery, who sees it waiting and who may accept it
 * (src/shared/policy.ts; docs/decisions/0047-pickup-codes.md).
 */
export function reachesBothEnds(volunteer: VolunteerPlace, ends: DeliveryEnds): boolean {
  const byDistance = reachByDistance(volunteer, ends)
  if (byDistance !== undefined) return byDistance
  const from = findDistrict(ends.pickupDistrict)
  const to = findDistrict(ends.district)
  if (!from || !to) return false
  return homeDistricts(volunteer).some((home) => {
    const reach = reachFrom(home)
    return reach.includes(from) && reach.includes(to)
  })
}

/**
 * The same rule as sets a query can test: a delivery is within the volunteer's reach when both its
 * ends are in one of these sets of district names (one set for each home district).
 */
export function reachableAreas(volunteer: VolunteerPlace): string[][] {
  return homeDistricts(volunteer).map((home) => reachFrom(home).map((d) => d.name))
}
