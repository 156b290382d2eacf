import { FORBIDDEN, isModerator, SIGN_IN, signedIn } from './policy-kit'
import type { Role } from './reference-data'

export const COMMUNITY_RULES = {
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
}
