import { type DeliveryEnds, reachesBothEnds } from './delivery'
import { FORBIDDEN, isParty, type Parties, SIGN_IN, signedIn } from './policy-kit'
import type { DeliveryStatus } from './reference-data'

export const DELIVERY_RULES = {
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
}
