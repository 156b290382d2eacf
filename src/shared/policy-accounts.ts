import { SIGN_IN, signedIn } from './policy-kit'

export const ACCOUNT_RULES = {
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
}
