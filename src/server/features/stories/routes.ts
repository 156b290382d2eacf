import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { can } from '../../../shared/policy'
import {
  storyIdParamsSchema,
  storyInputSchema,
  storyLikeSchema,
  storyListQuerySchema,
  storyListSchema,
  storySchema,
} from '../../../shared/schemas/stories'
import { authorizeRequest, requireUser } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { assertOwnUploads } from '../uploads/service'
import { createStory, getStory, listStories, setLike, updateStory } from './service'

const errors = errorResponses(400, 401, 403, 404)

/** Community stories and their likes. The web app caches these under the key ['stories', category]. */
export const storiesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  app.get(
    '/api/stories',
    {
      schema: {
        tags: ['stories'],
        summary: 'Stories, newest first, optionally of one category',
        querystring: storyListQuerySchema,
        response: { 200: storyListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser()
      const { category, page, size } = request.query
      const { items, hasMore } = await listStories(db, viewer?.id, category, page, size)
      return { items, page, size, hasMore }
    },
  )

  app.post(
    '/api/stories',
    {
      config: { realtime: 'stories' },
      schema: {
        tags: ['stories'],
        summary: 'Share a story (signed in)',
        body: storyInputSchema,
        response: { 201: storySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'story.create')
      const input = request.body
      await assertOwnUploads(db, user.id, input.imageUrl ? [input.imageUrl] : [])
      const id = await createStory(db, user.id, input)
      return reply.status(201).send(await getStory(db, id, user.id))
    },
  )

  app.put(
    '/api/stories/:id',
    {
      config: { realtime: 'stories' },
      schema: {
        tags: ['stories'],
        summary: 'Edit a story (its author only)',
        params: storyIdParamsSchema,
        body: storyInputSchema,
        response: { 200: storySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const input = request.body
      const current = await getStory(db, request.params.id, user.id)
      const mayEdit = can(user, 'story.edit', { authorId: current.author.id })
      if (mayEdit && input.imageUrl && input.imageUrl !== current.imageUrl) {
        await assertOwnUploads(db, user.id, [input.imageUrl])
      }
      await updateStory(db, user, request.params.id, input)
      return getStory(db, request.params.id, user.id)
    },
  )

  app.put(
    '/api/stories/:id/like',
    {
      config: { realtime: 'stories' },
      schema: {
        tags: ['stories'],
        summary: 'Like a story (once per user); answers the new count',
        params: storyIdParamsSchema,
        response: { 200: storyLikeSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'story.like')
      return setLike(db, user.id, request.params.id, true)
    },
  )

  app.delete(
    '/api/stories/:id/like',
    {
      config: { realtime: 'stories' },
      schema: {
        tags: ['stories'],
        summary: 'Take back a like; answers the new count',
        params: storyIdParamsSchema,
        response: { 200: storyLikeSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'story.like')
      return setLike(db, user.id, request.params.id, false)
    },
  )
}
