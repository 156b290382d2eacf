import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  attendeeSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventSchema,
} from '../../../shared/schemas/community-events'
import { authorize, authorizeRequest, requireUser } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { assertOwnUploads } from '../uploads/service'
import {
  cancelEvent,
  createEvent,
  getEvent,
  joinEvent,
  leaveEvent,
  listAttendees,
  listUpcomingEvents,
  updateEvent,
} from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

/**
 * Community events. The web app caches these under the TanStack Query
 * key ['events'].
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Upcoming events, soonest first; kind=dansal for the free food stalls, district= for one district',
        querystring: eventListQuerySchema,
        response: { 200: eventListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser()
      const { kind, district, page, size } = request.query
      const { items, hasMore } = await listUpcomingEvents(db, viewer?.id, { kind, district }, page, size)
      return { items, page, size, hasMore }
    },
  )

  app.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'One event',
        params: eventIdParamsSchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.currentUser()
      return getEvent(db, request.params.id, viewer?.id)
    },
  )

  app.post(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event (any signed-in user; they become its organizer)',
        body: eventInputSchema,
        response: { 201: eventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'event.create')
      const input = request.body
      await assertOwnUploads(db, user.id, input.imageUrl ? [input.imageUrl] : [])
      const id = await createEvent(db, user, input)
      return reply.status(201).send(await getEvent(db, id, user.id))
    },
  )

  app.put(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Edit an event (its organizer only)',
        params: eventIdParamsSchema,
        body: eventInputSchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const input = request.body
      const current = await getEvent(db, request.params.id, user.id)
      authorize(user, 'event.edit', { organizerId: current.organizer.id })
      // Keeping the image already on the event is allowed; a new one must be the organizer's upload.
      if (input.imageUrl && input.imageUrl !== current.imageUrl) {
        await assertOwnUploads(db, user.id, [input.imageUrl])
      }
      await updateEvent(db, user, request.params.id, input, current)
      return getEvent(db, request.params.id, user.id)
    },
  )

  app.delete(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Cancel an event (its organizer only); its attendees are told',
        params: eventIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      await cancelEvent(db, user, request.params.id)
      return reply.status(204).send(null)
    },
  )

  // Joining and leaving answer the event as the user now sees it: its count and their place in it.
  for (const { method, summary, change } of [
    {
      method: 'post',
      summary: 'Join an event (signed in, not its organizer); 409 when it is full',
      change: joinEvent,
    },
    {
      method: 'delete',
      summary: 'Leave an event; nothing changes when the user did not attend',
      change: leaveEvent,
    },
  ] as const) {
    app[method](
      '/api/events/:id/attendance',
      {
        schema: {
          tags: ['events'],
          summary,
          params: eventIdParamsSchema,
          response: { 200: eventSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        await change(db, user, request.params.id)
        return getEvent(db, request.params.id, user.id)
      },
    )
  }

  app.get(
    '/api/events/:id/attendees',
    {
      schema: {
        tags: ['events'],
        summary: "Attendees' name, e-mail and role (the organizer only)",
        params: eventIdParamsSchema,
        response: { 200: z.object({ items: z.array(attendeeSchema) }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return { items: await listAttendees(db, user, request.params.id) }
    },
  )
}
