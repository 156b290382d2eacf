import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userIdParamsSchema } from '../../../shared/schemas/moderation'
import { organisationListQuerySchema, organisationListSchema } from '../../../shared/schemas/organisations'
import { refuseInputSchema, verifyInputSchema } from '../../../shared/schemas/verification'
import { authorizeRequest } from '../../platform/auth'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { decideOrganisation, listOrganisations } from './service'

const readErrors = errorResponses(400, 401, 403)
const actionErrors = errorResponses(400, 401, 403, 404, 409)
const decidedSchema = z.object({ auditId: z.string() })

/** The Organisations tab of /moderation (docs/decisions/0054-organisations-and-their-limits.md). */
export const organisationsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db, moderation } = services

  app.get(
    '/api/moderation/organisations',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Organisations waiting for verification (oldest first) or refused, with kind, registration, capacity and contact (moderators)',
        querystring: organisationListQuerySchema,
        response: { 200: organisationListSchema, ...readErrors },
      },
    },
    async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { status, page, size } = request.query
      return { ...(await listOrganisations(db, status, page, size)), page, size }
    },
  )

  for (const decision of ['verify', 'refuse'] as const) {
    app.post(
      `/api/moderation/organisations/:id/${decision}`,
      {
        schema: {
          tags: ['moderation'],
          summary:
            decision === 'verify'
              ? "Verify an organisation: its limits follow its capacity and it sees large food first (moderators; id: the account's; in the audit log)"
              : "Refuse to verify an organisation, with the reason it is told (moderators; id: the account's; in the audit log)",
          params: userIdParamsSchema,
          body: decision === 'verify' ? verifyInputSchema : refuseInputSchema,
          response: { 200: decidedSchema, ...actionErrors },
        },
      },
      async (request) => {
        const moderator = await authorizeRequest(request, 'moderator.act')
        const reason = 'reason' in request.body ? (request.body.reason as string) : null
        return decideOrganisation(db, moderation, moderator.id, request.params.id, reason)
      },
    )
  }
}
