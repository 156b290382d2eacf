import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { calendarFeedSchema } from '../../../shared/schemas/users'
import { requireUser } from '../../platform/authorization'
import type { AppServices } from '../../platform/services'
import { calendarFeedFile, calendarFeedStatus, newCalendarFeed, stopCalendarFeed } from './service'

/** The private calendar subscription of one's pickups and deliveries (docs/decisions/0047-pickup-codes.md). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.get(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether my calendar subscription is on (its link is told once, when made)',
        response: { 200: calendarFeedSchema, 401: errorResponseSchema },
      },
    },
    async (request) => calendarFeedStatus(db, (await requireUser(request)).id),
  )

  app.post(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['users'],
        summary: 'A new link to my calendar subscription (webcal); the previous link stops working',
        response: { 200: calendarFeedSchema, 401: errorResponseSchema },
      },
    },
    async (request) => newCalendarFeed(db, (await requireUser(request)).id, services.config.publicUrl),
  )

  app.delete(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['users'],
        summary: 'Stop my calendar subscription: its link stops working',
        response: { 204: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await stopCalendarFeed(db, (await requireUser(request)).id)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/calendar/:token/ahara.ics',
    {
      schema: {
        tags: ['users'],
        summary:
          "A user's upcoming pickups and deliveries as an iCalendar feed, read with the subscription's token alone",
        // Any text: a token cut short or mangled by a calendar app is unknown (404) like a revoked one.
        params: z.object({ token: z.string() }),
        response: { 200: z.string(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await calendarFeedFile(db, request.params.token, services.config.publicUrl)
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(file)
    },
  )
}
