/**
 * Who may call a route: the signed-in user, and the policy's answer (src/shared/policy.ts) as the
 * API's 401, 403 or 404.
 */
import type { FastifyRequest } from 'fastify'
import type { Actor } from '../../shared/actor'
import { type GuardedAction, type ResourceArgs, refusal, signInKeyOf } from '../../shared/policy'
import type { SessionUser } from './auth'
import { forbidden, notFound, unauthorized } from './errors'

/** The signed-in user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser()
  if (!user) throw unauthorized()
  return user
}

const REFUSALS = { 401: unauthorized, 403: forbidden, 404: notFound } as const

/** `actor` when the policy (src/shared/policy.ts) lets them do `action`, else its 401, 403 or 404. */
export function authorize<U extends Actor, A extends GuardedAction>(
  actor: U | null | undefined,
  action: A,
  ...resource: ResourceArgs<A>
): U {
  const refused = refusal(actor, action, ...resource)
  if (refused) throw REFUSALS[refused.status](refused.key)
  // A guarded action is refused to signed-out visitors, so the actor is here.
  return actor!
}

/**
 * The signed-in user, or the 401 the policy gives signed-out visitors for `action`: for routes that
 * answer it before reading the body or the resource, which the rest of the rule needs.
 */
export async function authenticate(request: FastifyRequest, action: GuardedAction): Promise<SessionUser> {
  const user = await request.currentUser()
  if (!user) throw unauthorized(signInKeyOf(action))
  return user
}

/** A route's preValidation hook that `authenticate`s for `action`: a signed-out call's 401 comes before any 400. */
export function signedInFor(action: GuardedAction) {
  return async (request: FastifyRequest): Promise<void> => {
    await authenticate(request, action)
  }
}

/** The signed-in user when the policy lets them do `action`, else its 401, 403 or 404. */
export async function authorizeRequest<A extends GuardedAction>(
  request: FastifyRequest,
  action: A,
  ...resource: ResourceArgs<A>
): Promise<SessionUser> {
  return authorize(await request.currentUser(), action, ...resource)
}
