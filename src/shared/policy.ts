import type { Actor } from './actor'
import { ACCOUNT_RULES } from './policy-accounts'
import { COMMUNITY_RULES } from './policy-community'
import { DELIVERY_RULES } from './policy-deliveries'
import { FOOD_RULES } from './policy-food'
import { anyone, type PublicRule, type Rule, type SignedInRule } from './policy-kit'

/**
 * Who may do what: every rule of the app in one table, POLICY, written by area (policy-food.ts,
 * policy-deliveries.ts, policy-accounts.ts, policy-community.ts). The server enforces it (`authorize`
 * in src/server/platform/authorization.ts answers a refusal as its 401, 403 or 404), the web app asks `can` to
 * show or hide an action, and src/server/features/authorization.security.test.ts checks every rule
 * against the API.
 *
 * The rules say who may act, from the people a resource concerns and the actor's role. When an
 * action may happen (still pending, not yet taken, not full) is the data's state: the services
 * answer that with 409.
 */

/** A refusal: the status the API answers and the i18n key of its message. */
export type Refusal = { status: 401 | 403 | 404; key: string }

/** Every rule, by area: food, deliveries, accounts, community. */
export const POLICY = {
  'listing.view': anyone(),
  'story.view': anyone(),
  'event.view': anyone(),
  /** The community and impact figures: leaderboard, volunteers, impact page. */
  'figures.view': anyone(),
  ...FOOD_RULES,
  ...DELIVERY_RULES,
  ...ACCOUNT_RULES,
  ...COMMUNITY_RULES,
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
