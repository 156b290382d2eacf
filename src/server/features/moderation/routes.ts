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
/** The live-update topic whose lists a hidden or shown item leaves or joins. */

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
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reports of one status (open by default), newest first (moderators)',
        querystring: reportListQuerySchema,
        response: { 200: reportListSchema, ...readErrors },
      },
    },
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
    {
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss an open report: nothing to act on (moderators)',
        params: reportIdParamsSchema,
        body: dismissInputSchema,
        response: { 200: actionDoneSchema, ...actionErrors },
      },
    },
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return dismissReport(db, moderator.id, request.params.id, request.body.reason)
    },
  )

  app.post(
    '/api/moderation/users/:id/warn',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Warn a user, with the reason (moderators)',
        params: userIdParamsSchema,
        body: warnInputSchema,
        response: { 200: actionDoneSchema, ...actionErrors },
      },
    },
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return warnUser(db, moderator.id, request.params.id, request.body)
    },
  )

  app.post(
    '/api/moderation/users/:id/suspend',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Suspend a user for some days or permanently, with the reason (moderators)',
        params: userIdParamsSchema,
        body: suspendInputSchema,
        response: { 200: actionDoneSchema, ...actionErrors },
      },
    },
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return suspendUser(db, moderator.id, request.params.id, request.body)
    },
  )

  app.post(
    '/api/moderation/users/:id/lift-suspension',
    {
      schema: {
        tags: ['moderation'],
        summary: "Lift a user's suspension, with the reason (moderators)",
        params: userIdParamsSchema,
        body: liftInputSchema,
        response: { 200: actionDoneSchema, ...actionErrors },
      },
    },
    async (request) => {
      const moderator = await authorizeRequest(request, 'moderator.act')
      return liftSuspension(db, moderator.id, request.params.id, request.body.reason)
    },
  )

  app.get(
    '/api/moderation/suspended',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The users whose suspension holds, latest first (moderators)',
        querystring: pageQuerySchema,
        response: { 200: suspendedUserListSchema, ...readErrors },
      },
    },
    async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { page, size } = request.query
      return { ...(await listSuspended(db, page, size)), page, size }
    },
  )

  app.get(
    '/api/moderation/audit',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The audit log of moderation, newest first (moderators; nobody can edit it)',
        querystring: pageQuerySchema,
        response: { 200: auditListSchema, ...readErrors },
      },
    },
    async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { page, size } = request.query
      return { ...(await services.moderation.readLog(page, size)), page, size }
    },
  )
}
