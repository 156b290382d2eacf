import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { THREAD_KINDS } from '../../../shared/messages'
import { messageInputSchema, messageSchema, threadSchema } from '../../../shared/schemas/messages'
import { idParamsSchema } from '../../../shared/schemas/order-input'
import { requireUser } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { postMessage, readThread, threadFor } from './service'

const PATHS = { order: 'orders', delivery: 'deliveries' } as const

/** The thread of every order and delivery (docs/decisions/0066-messages.md). */
export const messagesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, limits } = services
  for (const kind of THREAD_KINDS) {
    const path = `/api/${PATHS[kind]}/:id/messages`
    const parties = kind === 'order' ? 'its donor and requester' : 'its donor, requester and volunteer'
    app.get(
      path,
      {
        schema: {
          tags: ['messages'],
          summary: `The messages of a ${kind}, oldest first, and whether it still takes more (${parties})`,
          params: idParamsSchema,
          response: { 200: threadSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => readThread(db, await requireUser(request), kind, request.params.id),
    )
    app.post(
      path,
      {
        schema: {
          tags: ['messages'],
          summary: `Write in a ${kind}'s thread: {"text"} up to 500 characters or {"quick"} (${parties}; until 48 hours after it ends)`,
          params: idParamsSchema,
          body: messageInputSchema,
          response: { 201: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const thread = await threadFor(db, user, kind, request.params.id)
        const message = await postMessage({ db, limits }, user, thread, request.body)
        return reply.status(201).send(message)
      },
    )
  }
}
