import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { pingDatabase } from '../../db/client'
import { errorBody } from '../../platform/errors'
import type { AppServices } from '../../platform/services'

const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })

/** GET /api/health answers 200 when the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: errorResponseSchema } } },
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
}
