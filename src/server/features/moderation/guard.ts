import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { activeSuspension } from '../../../shared/moderation'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { users } from '../../db/schema'
import { AppError } from '../../platform/errors'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The writes a suspended user may still make (method and route): signing in and out, marking their
 * notifications read, writing to support (to appeal) and deleting their own account. Every other
 * write is refused (docs/decisions/0037-moderation.md).
 */
export const ALLOWED_WHILE_SUSPENDED: ReadonlySet<string> = new Set([
  'POST /api/sessions',
  'DELETE /api/sessions/current',
  'POST /api/auth/*',
  'POST /api/contact',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'POST /api/me/deletion',
])

/** The user's suspension that holds now, or null. */
export async function suspensionOf(db: Database, userId: string) {
  const [row] = await db
    .select(columnsOf(users, 'suspendedAt', 'suspendedUntil', 'suspensionReason'))
    .from(users)
    .where(eq(users.id, userId))
  return row ? activeSuspension(row, new Date()) : null
}

/**
 * Every signed-in write of a suspended user is refused (403, with the reason and the end of the
 * suspension) before its body is validated or its handler runs, whatever the route: one guard, so a
 * new route is covered.
 */
export function registerSuspensionGuard(app: FastifyInstance, db: Database) {
  app.addHook('preValidation', async (request) => {
    if (!MUTATING.has(request.method)) return
    if (ALLOWED_WHILE_SUSPENDED.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return
    const user = await request.currentUser()
    if (!user) return
    const suspension = await suspensionOf(db, user.id)
    if (!suspension) return
    throw new AppError(403, 'suspended', 'moderation.errors.suspended', {
      until: suspension.until?.toISOString() ?? '',
      reason: suspension.reason ?? '',
    })
  })
}
