import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userIdParamsSchema } from '../../../shared/schemas/moderation'
import { organisationListSchema } from '../../../shared/schemas/organisations'
import {
  refuseInputSchema,
  verifyInputSchema,
  vettingListQuerySchema,
  volunteerListSchema,
} from '../../../shared/schemas/vetting'
import { authorizeRequest } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { decideOrganisation, decideVolunteer, listOrganisations, listVolunteers } from './service'

const readErrors = errorResponses(400, 401, 403)
const actionErrors = errorResponses(400, 401, 403, 404, 409)
const decidedSchema = z.object({ auditId: z.string() })

/**
 * The two vetting queues of /moderation, the same three routes each: the Volunteers tab
 * (docs/decisions/0038-trust-ratings-fair-use.md) and the Organisations tab (0054).
 */
const QUEUES = [
  {
    path: 'volunteers',
    listSchema: volunteerListSchema,
    list: listVolunteers,
    decide: decideVolunteer,
    summaries: {
      list: 'Volunteers waiting for verification (oldest first) or refused, with profile, phone, district and account age (moderators)',
      verify: 'Verify a volunteer: they may accept deliveries (moderators; in the audit log)',
      refuse: 'Refuse to verify a volunteer, with the reason they are told (moderators; in the audit log)',
    },
  },
  {
    path: 'organisations',
    listSchema: organisationListSchema,
    list: listOrganisations,
    decide: decideOrganisation,
    summaries: {
      list: 'Organisations waiting for verification (oldest first) or refused, with kind, registration, capacity and contact (moderators)',
      verify:
        "Verify an organisation: its limits follow its capacity and it sees large food first (moderators; id: the account's; in the audit log)",
      refuse:
        "Refuse to verify an organisation, with the reason it is told (moderators; id: the account's; in the audit log)",
    },
  },
] as const

export const vettingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, moderation } = services

  for (const queue of QUEUES) {
    app.get(
      `/api/moderation/${queue.path}`,
      {
        schema: {
          tags: ['moderation'],
          summary: queue.summaries.list,
          querystring: vettingListQuerySchema,
          response: { 200: queue.listSchema, ...readErrors },
        },
      },
      async (request) => {
        await authorizeRequest(request, 'moderator.view')
        const { status, page, size } = request.query
        return { ...(await queue.list(db, status, page, size)), page, size }
      },
    )

    for (const decision of ['verify', 'refuse'] as const) {
      app.post(
        `/api/moderation/${queue.path}/:id/${decision}`,
        {
          schema: {
            tags: ['moderation'],
            summary: queue.summaries[decision],
            params: userIdParamsSchema,
            body: decision === 'verify' ? verifyInputSchema : refuseInputSchema,
            response: { 200: decidedSchema, ...actionErrors },
          },
        },
        async (request) => {
          const moderator = await authorizeRequest(request, 'moderator.act')
          const reason = 'reason' in request.body ? (request.body.reason as string) : null
          return queue.decide(db, moderation, moderator.id, request.params.id, reason)
        },
      )
    }
  }
}
