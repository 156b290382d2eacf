import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  impactSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  volunteerListSchema,
  volunteersQuerySchema,
} from '../../../shared/schemas/stats'
import type { AppServices } from '../../platform/services'
import { impactFigures, leaderboard, listVolunteers } from './service'

/**
 * Community figures (volunteers, leaderboard) and the impact page. The web app caches them under
 * ['community', 'volunteers'], ['community', 'leaderboard', period] and ['impact'].
 */
export const communityFiguresRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.get(
    '/api/community/volunteers',
    {
      schema: {
        tags: ['community'],
        summary: 'Volunteers with hours, impact score and badges',
        querystring: volunteersQuerySchema,
        response: { 200: volunteerListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { page, size } = request.query
      const { items, hasMore } = await listVolunteers(db, page, size)
      return { items, page, size, hasMore }
    },
  )

  app.get(
    '/api/community/leaderboard',
    {
      schema: {
        tags: ['community'],
        summary: 'Top 10 contributors by impact score over a period (month, year, all)',
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { period } = request.query
      return { period, entries: await leaderboard(db, period) }
    },
  )

  app.get(
    '/api/impact',
    {
      schema: {
        tags: ['community'],
        summary: 'Impact page figures, computed from the data',
        response: { 200: impactSchema },
      },
    },
    async () => impactFigures(db),
  )
}
