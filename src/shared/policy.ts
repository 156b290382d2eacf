import { type DeliveryEnds, reachesBothEnds, type VolunteerPlace } from './delivery'
import type { DeliveryStatus, Role } from './reference-data'

/**
 * Who may do what: every rule of the app in one table. The server enforces it (`authorize` in
 * src/server/platform/auth.ts answers a refusal as its 401, 403 or 404), the web app asks `can` to
 * show or hide an action, and src/server/features/authorization.security.test.ts checks every rule
 * against the API.
 *
 * The rules say who may act, from the people a resource concerns and the actor's role. When an
 * action may happen (still pending, not yet taken, not full) is the data's state: the services
 * answer that with 409.
 */

/**
 * A signed-in user; the role is null until a Google sign-up is completed. `isVerified`: a moderator
 * verified the volunteer (absent counts as not verified; docs/decisions/0038-trust-ratings-fair-use.md).
 * Their district and location say which deliveries a volunteer can reach (absent: none).
 */
export type Actor = { id: string; role: Role | null; isVerified?: boolean } & VolunteerPlace

/** A refusal: the status the API answers and the i18n key of its message. */
export type Refusal = { status: 401 | 403 | 404; key: string }

const FORBIDDEN = 'errors.forbidden'
const SIGN_IN = 'errors.signInRequired'

/** A rule's answer for a signed-in actor: true, or the i18n key of the 403 answer. */
type Verdict = true | string

type PublicRule = { anyone: true }

type SignedInRule<R> = {
  anyone: false
  /** The 401 key for a signed-out visitor. */
  signInKey: string
  allows: (actor: Actor, resource: R) => Verdict
  /** Refused as missing (404): the resource's existence is not the actor's to know. */
  hidden: boolean
}

type Rule<R> = PublicRule | SignedInRule<R>

/** Anyone, signed in or not. */
const anyone = (): PublicRule => ({ anyone: true })

/** Signed-in users for whom `allows` is true; signed-out visitors get 401 with `signInKey`. */
function signedIn<R = undefined>(
  signInKey: string,
  allows: (actor: Actor, resource: R) => Verdict = () => true,
  { hidden = false } = {},
): SignedInRule<R> {
  return { anyone: false, signInKey, allows, hidden }
}

type Parties = { requesterId: string; donorId: string; volunteerId: string | null }

/** The people a delivery concerns: its requester, the listing's donor and its volunteer. */
const isParty = (actor: Actor, delivery: Parties) =>
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
const isModerator = (actor: Actor): Verdict => actor.role === 'moderator' || FORBIDDEN

/** Ordering food of someone else's listing: any signed-in user but its donor. */
const notTheDonor = (actor: Actor, listing: { donorId: string }) =>
  actor.id !== listing.donorId || 'orders.errors.ownListing'

export const POLICY = {
  'listing.view': anyone(),
  'story.view': anyone(),
  'event.view': anyone(),
  /** The community and impact figures: leaderboard, volunteers, impact page. */
  'figures.view': anyone(),
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

  /**
   * The people it concerns, and a volunteer who can reach both ends while it waits for one once the
   * donor approved it (without contact details): the volunteers it is offered to and listed for.
   */
  'delivery.view': signedIn(
    SIGN_IN,
    (actor, delivery: Parties & DeliveryEnds & { status: DeliveryStatus; approved: boolean }) => {
      if (isParty(actor, delivery)) return true
      if (actor.role !== 'volunteer' || delivery.status !== 'pending' || !delivery.approved) return FORBIDDEN
      return reachesBothEnds(actor, delivery) || 'deliveries.errors.outOfReach'
    },
  ),
  /** Who asked, their phone and e-mail, the exact addresses and the instructions. */
  'delivery.seeContact': signedIn(
    SIGN_IN,
    (actor, delivery: Parties) => isParty(actor, delivery) || FORBIDDEN,
  ),
  'delivery.listWaiting': signedIn(SIGN_IN, (actor) => actor.role === 'volunteer' || FORBIDDEN),
  /**
   * A verified volunteer who can reach both ends, not on their own request. Where the requester is
   * hidden from the actor (null), the actor is not the requester. A volunteer waiting for
   * verification sees the waiting deliveries without contacts but may not take one
   * (docs/decisions/0038-trust-ratings-fair-use.md); one out of reach is neither offered nor listed
   * to them, nor theirs to take (docs/decisions/0047-pickup-codes.md).
   */
  'delivery.accept': signedIn(SIGN_IN, (actor, delivery: DeliveryEnds & { requesterId: string | null }) => {
    if (actor.role !== 'volunteer') return 'deliveries.errors.volunteersOnly'
    if (actor.isVerified !== true) return 'deliveries.errors.notVerified'
    if (actor.id === delivery.requesterId) return 'deliveries.errors.ownRequest'
    return reachesBothEnds(actor, delivery) || 'deliveries.errors.outOfReach'
  }),
  /**
   * A run takes each of its deliveries as accepting it would: a verified volunteer who can reach both
   * ends, not on their own request (docs/decisions/0071-volunteer-runs.md). Asked once per delivery.
   */
  'run.create': signedIn(SIGN_IN, (actor, delivery: DeliveryEnds & { requesterId: string | null }) => {
    if (actor.role !== 'volunteer') return 'runs.errors.volunteersOnly'
    if (actor.isVerified !== true) return 'runs.errors.notVerified'
    if (actor.id === delivery.requesterId) return 'deliveries.errors.ownRequest'
    return reachesBothEnds(actor, delivery) || 'runs.errors.outOfReach'
  }),
  /** A run, its places and times: its volunteer (requesters see their own stop's place in the line). */
  'run.view': signedIn(
    SIGN_IN,
    (actor, run: { volunteerId: string }) => actor.id === run.volunteerId || 'runs.errors.notFound',
    { hidden: true },
  ),
  /** Hand back, pick up and complete: its volunteer (the order of the steps is src/shared/delivery.ts). */
  'delivery.deliver': signedIn(
    SIGN_IN,
    (actor, delivery: { volunteerId: string | null }) =>
      actor.id === delivery.volunteerId || 'deliveries.errors.notYours',
  ),
  /** While no volunteer has it (src/shared/delivery.ts); the order is cancelled with it. */
  'delivery.cancel': signedIn(
    SIGN_IN,
    (actor, delivery: { requesterId: string }) => actor.id === delivery.requesterId || FORBIDDEN,
  ),
  'delivery.rate': signedIn(
    SIGN_IN,
    (actor, delivery: { requesterId: string }) => actor.id === delivery.requesterId || FORBIDDEN,
  ),

  /**
   * Take days of a standing taker's deliveries (a volunteer who takes Tuesdays): a verified volunteer
   * who can reach the offer's pickup and the taker's drop-off, not for their own arrangement, as
   * for accepting one delivery (docs/decisions/0069-standing-deliveries.md).
   */
  'standingDelivery.take': signedIn(SIGN_IN, (actor, arrangement: DeliveryEnds & { takerId: string }) => {
    if (actor.role !== 'volunteer') return 'deliveries.errors.volunteersOnly'
    if (actor.isVerified !== true) return 'deliveries.errors.notVerified'
    if (actor.id === arrangement.takerId) return 'deliveries.errors.ownRequest'
    return reachesBothEnds(actor, arrangement) || 'deliveries.errors.outOfReach'
  }),
  /** Who delivers which day of an arrangement: its taker and the offer's donor (and each volunteer their own). */
  'standingDelivery.seeDeliverers': signedIn(
    SIGN_IN,
    (actor, arrangement: { donorId: string; takerId: string }) =>
      actor.id === arrangement.donorId || actor.id === arrangement.takerId || FORBIDDEN,
  ),

  /** Read and mark read. */
  'notification.read': signedIn(
    SIGN_IN,
    (actor, notification: { userId: string }) => actor.id === notification.userId || 'errors.notFound',
    { hidden: true },
  ),
  /** Their own profile: /api/me names no other user. */
  'account.edit': signedIn(SIGN_IN),
  /**
   * Download my data and delete my account: every signed-in user, a suspended one too (their data
   * is theirs whatever they did; docs/decisions/0039-own-data.md).
   */
  'account.export': signedIn(SIGN_IN),
  'account.delete': signedIn(SIGN_IN),
  'upload.create': signedIn('uploads.errors.signInRequired'),
  /** Pushes on this device, and the list of my devices (docs/decisions/0034-web-push.md). */
  'push.subscribe': signedIn(SIGN_IN),
  /** A device's pushes stop only by its own user; another user's device is not theirs to know of. */
  'push.unsubscribe': signedIn(
    SIGN_IN,
    (actor, subscription: { userId: string }) => actor.id === subscription.userId || 'errors.notFound',
    { hidden: true },
  ),

  'story.create': signedIn(SIGN_IN),
  'story.edit': signedIn(
    SIGN_IN,
    (actor, story: { authorId: string }) => actor.id === story.authorId || 'stories.errors.authorOnly',
  ),
  /** Like and take back a like; once per user is the data's (one row per story and user). */
  'story.like': signedIn(SIGN_IN),

  'event.create': signedIn(SIGN_IN),
  'event.edit': signedIn(
    SIGN_IN,
    (actor, event: { organizerId: string }) =>
      actor.id === event.organizerId || 'events.errors.organizerOnly',
  ),
  /** The attendees' names, e-mails and roles. */
  'event.seeAttendees': signedIn(
    SIGN_IN,
    (actor, event: { organizerId: string }) =>
      actor.id === event.organizerId || 'events.errors.organizerOnly',
  ),
  /** Join and leave. */
  'event.attend': signedIn(
    SIGN_IN,
    (actor, event: { organizerId: string }) =>
      actor.id !== event.organizerId || 'events.errors.organizerCannotJoin',
  ),

  /**
   * A listing, story, event or user: any signed-in user, about someone else's (the owner is the
   * listing's donor, the story's author, the event's organizer, or the user).
   */
  'content.report': signedIn(
    'moderation.errors.signInToReport',
    (actor, target: { ownerId: string }) => actor.id !== target.ownerId || 'moderation.errors.ownContent',
  ),
  /** The /moderation page: reports, volunteers to verify, suspended users, the audit log. */
  'moderator.view': signedIn(SIGN_IN, isModerator),
  /** Hide and unhide content, dismiss reports, warn, suspend and lift suspensions. */
  'moderator.act': signedIn(SIGN_IN, isModerator),

  'report.monthly': signedIn(
    SIGN_IN,
    (actor, own: { verifiedOrganisation: boolean }) =>
      actor.role === 'donor' || own.verifiedOrganisation || FORBIDDEN,
  ),
  /** A role's dashboard is for users of that role (their own figures). */
  'dashboard.view': signedIn(
    SIGN_IN,
    (actor, dashboard: { role: Role }) => actor.role === dashboard.role || FORBIDDEN,
  ),
} satisfies Record<string, Rule<never>>

export type Action = keyof typeof POLICY

/** What the rule of `action` reads of the resource (nothing for rules about the actor alone). */
export type ResourceOf<A extends Action> = (typeof POLICY)[A] extends SignedInRule<infer R> ? R : undefined

/** The actions only some signed-in users may do: the ones the server authorizes. */
export type GuardedAction = { [A in Action]: (typeof POLICY)[A] extends PublicRule ? never : A }[Action]

/** The resource argument: omitted for rules about the actor alone. */
export type ResourceArgs<A extends Action> = ResourceOf<A> extends undefined ? [] : [resource: ResourceOf<A>]

export const ACTIONS = Object.keys(POLICY) as Action[]

/** Why `actor` (null or undefined: signed out) may not do `action`, or null when they may. */
export function refusal<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  ...resource: ResourceArgs<A>
): Refusal | null {
  const rule = POLICY[action] as Rule<unknown>
  if (rule.anyone) return null
  if (!actor) return { status: 401, key: rule.signInKey }
  const verdict = rule.allows(actor, resource[0])
  if (verdict === true) return null
  return { status: rule.hidden ? 404 : 403, key: verdict }
}

/** The i18n key of the 401 answer to a signed-out visitor who tries `action`. */
export function signInKeyOf(action: GuardedAction): string {
  return (POLICY[action] as SignedInRule<unknown>).signInKey
}

/** Whether `actor` (null or undefined: signed out) may do `action`. */
export function can<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  ...resource: ResourceArgs<A>
): boolean {
  return refusal(actor, action, ...resource) === null
}
