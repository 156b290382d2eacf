import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParamsSchema } from '../../../shared/schemas/order-input'
import {
  deliveryRunSchema,
  runInputSchema,
  runListQuerySchema,
  runSchema,
} from '../../../shared/schemas/runs'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { createRun, deliveryRun, getRun, listRuns } from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

/** A volunteer's runs: several deliveries in one trip (docs/decisions/0071-volunteer-runs.md). */
export const runsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  app.post(
    '/api/runs',
    {
      preValidation: signedInFor('run.create'),
      schema: {
        tags: ['runs'],
        summary:
          'Plan a run (a verified volunteer): up to 4 waiting deliveries in reach, accepted together; the stops in a short order that keeps the food safe',
        body: runInputSchema,
        response: { 201: runSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      return reply.status(201).send(await createRun(db, user, request.body, services.config.routingUrl))
    },
  )

  app.get(
    '/api/runs',
    {
      schema: {
        tags: ['runs'],
        summary: 'My runs as their volunteer, the newest first',
        querystring: runListQuerySchema,
        response: { 200: z.object({ items: z.array(runSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await listRuns(db, await requireUser(request)) }),
  )

  app.get(
    '/api/runs/:id',
    {
      schema: {
        tags: ['runs'],
        summary: 'A run with its stops, places and times (its volunteer)',
        params: idParamsSchema,
        response: { 200: runSchema, ...errors },
      },
    },
    async (request) => getRun(db, request.params.id, await requireUser(request)),
  )

  app.get(
    '/api/deliveries/:id/run',
    {
      schema: {
        tags: ['runs'],
        summary:
          "A delivery's place in its volunteer's run: stops before it and the expected time (its requester: the drop-off; its donor: the pickup); null outside a run",
        params: idParamsSchema,
        response: { 200: deliveryRunSchema, ...errors },
      },
    },
    async (request) => deliveryRun(db, request.params.id, await requireUser(request)),
  )
}
