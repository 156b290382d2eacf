import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  auditListSchema,
  dismissInputSchema,
  hideInputSchema,
  liftInputSchema,
  pageQuerySchema,
  reportCreatedSchema,
  reportIdParamsSchema,
  reportInputSchema,
  reportListQuerySchema,
  reportListSchema,
  suspendedUserListSchema,
  suspendInputSchema,
  userIdParamsSchema,
  warnInputSchema,
} from '../../../shared/schemas/moderation'
import { authenticate, authorizeRequest } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { dismissReport, setContentHidden } from './content-actions'
import { createReport, listReports, listSuspended } from './reports'
import { liftSuspension, suspendUser, warnUser } from './user-actions'

const readErrors = errorResponses(400, 401, 403)
const actionErrors = errorResponses(400, 401, 403, 404, 409, 429)
const actionDoneSchema = z.object({ auditId: z.string() })

/** A page of a moderators' list: its query and its list. */
function page<Q, L>(summary: string, querystring: Q, list: L) {
  return { schema: { tags: ['moderation'], summary, querystring, response: { 200: list, ...readErrors } } }
}

/** A moderator's action on the report or user in the path: its audit entry answers. */
function action<P, B>(summary: string, params: P, body: B) {
  return {
    schema: {
      tags: ['moderation'],
      summary,
      params,
      body,
      response: { 200: actionDoneSchema, ...actionErrors },
    },
  }
}

/** Reports, moderators' actions and the audit log (docs/decisions/0037-moderation.md). */
export const moderationRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['moderation'],
        summary:
          "Report someone else's listing, story, event or profile (signed in; one open report per target)",
        body: reportInputSchema,
        response: { 201: reportCreatedSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, 'content.report')
      return reply.status(201).send(await createReport(db, user, request.body))
    },
  )

  app.get(
    '/api/moderation/reports',
    page(
      'Reports of one status (open by default), newest first (moderators)',
      reportListQuerySchema,
      reportListSchema,
    ),
    async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { status, page, size } = request.query
      return { ...(await listReports(db, status, page, size)), page, size }
    },
  )

  for (const [path, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(
      `/api/moderation/${path}`,
      {
        schema: {
          tags: ['moderation'],
          summary: hidden
            ? 'Hide a listing, story or event from every public list and page; cancels open orders of a listing (moderators)'
            : 'Show a hidden listing, story or event again (moderators)',
          body: hideInputSchema,
          response: { 200: actionDoneSchema, ...actionErrors },
        },
      },
      async (request) => {
        const moderator = await authorizeRequest(request, 'moderator.act')
        return setContentHidden(db, moderator.id, request.body, hidden)
      },
    )
  }

  app.post(
    '/api/moderation/reports/:id/dismiss',
    action(
      'Dismiss an open report: nothing to act on (moderators)',
      reportIdParamsSchema,
      dismissInputSchema,
    ),
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return dismissReport(db, moderator.id, request.params.id, request.body.reason)
    },
  )

  app.post(
    '/api/moderation/users/:id/warn',
    action('Warn a user, with the reason (moderators)', userIdParamsSchema, warnInputSchema),
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return warnUser(db, moderator.id, request.params.id, request.body)
    },
  )

  app.post(
    '/api/moderation/users/:id/suspend',
    action(
      'Suspend a user for some days or permanently, with the reason (moderators)',
      userIdParamsSchema,
      suspendInputSchema,
    ),
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return suspendUser(db, moderator.id, request.params.id, request.body)
    },
  )

  app.post(
    '/api/moderation/users/:id/lift-suspension',
    action("Lift a user's suspension, with the reason (moderators)", userIdParamsSchema, liftInputSchema),
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return liftSuspension(db, moderator.id, request.params.id, request.body.reason)
    },
  )

  // The suspended users and the audit log (nobody can edit it) are plain pages, latest first.
  for (const { path, summary, list, read } of [
    {
      path: 'suspended',
      summary: 'The users whose suspension holds, latest first (moderators)',
      list: suspendedUserListSchema,
      read: (page: number, size: number) => listSuspended(db, page, size),
    },
    {
      path: 'audit',
      summary: 'The audit log of moderation, newest first (moderators; nobody can edit it)',
      list: auditListSchema,
      read: services.moderation.readLog,
    },
  ]) {
    app.get(`/api/moderation/${path}`, page(summary, pageQuerySchema, list), async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { page, size } = request.query
      return { ...(await read(page, size)), page, size }
    })
  }
}
