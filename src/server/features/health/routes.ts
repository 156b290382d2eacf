import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { pingDatabase } from '../../db/client'
import { pendingMigrations } from '../../db/migration-status'
import { errorBody } from '../../platform/errors'
import type { AppServices } from '../../platform/services'

const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
const liveResponse = z.object({ status: z.literal('ok') })
const readyResponse = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })
const unavailable = { 503: errorResponseSchema }

/**
 * For load balancers and orchestrators (docs/decisions/0022-production-build.md):
 * - /api/health/live: the process answers (restart it when not);
 * - /api/health/ready: it may take traffic: not draining, the database answers, its migrations are applied;
 * - /api/health: the database answers (kept for existing checks).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, ...unavailable } } },
    async (request, reply) => {
      try {
        await pingDatabase(services.db)
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable')
        return reply.status(503).send(errorBody('unavailable', 'errors.databaseUnavailable'))
      }
      return { status: 'ok' as const, database: services.database.kind }
    },
  )

  app.get(
    '/api/health/live',
    { schema: { tags: ['health'], response: { 200: liveResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  )

  app.get(
    '/api/health/ready',
    { schema: { tags: ['health'], response: { 200: readyResponse, ...unavailable } } },
    async (request, reply) => {
      if (services.lifecycle.draining) {
        return reply.status(503).send(errorBody('unavailable', 'errors.shuttingDown'))
      }
      let pending: string[]
      try {
        pending = await pendingMigrations(services.db)
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable')
        return reply.status(503).send(errorBody('unavailable', 'errors.databaseUnavailable'))
      }
      if (pending.length > 0) {
        request.log.warn({ pending }, 'readiness: migrations not applied')
        return reply.status(503).send(errorBody('unavailable', 'errors.migrationsPending'))
      }
      return { status: 'ready' as const, database: services.database.kind }
    },
  )
}
