import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userIdParamsSchema } from '../../../shared/schemas/moderation'
import {
  refuseInputSchema,
  verifyInputSchema,
  volunteerListQuerySchema,
  volunteerListSchema,
} from '../../../shared/schemas/verification'
import { authorizeRequest } from '../../platform/auth'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { decideVolunteer, listVolunteers } from './service'

const readErrors = errorResponses(400, 401, 403)
const actionErrors = errorResponses(400, 401, 403, 404, 409)
const decidedSchema = z.object({ auditId: z.string() })

/** The Volunteers tab of /moderation (docs/decisions/0038-trust-ratings-fair-use.md). */
export const verificationRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db, moderation } = services

  app.get(
    '/api/moderation/volunteers',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Volunteers waiting for verification (oldest first) or refused, with profile, phone, district and account age (moderators)',
        querystring: volunteerListQuerySchema,
        response: { 200: volunteerListSchema, ...readErrors },
      },
    },
    async (request) => {
      await authorizeRequest(request, 'moderator.view')
      const { status, page, size } = request.query
      return { ...(await listVolunteers(db, status, page, size)), page, size }
    },
  )

  for (const decision of ['verify', 'refuse'] as const) {
    app.post(
      `/api/moderation/volunteers/:id/${decision}`,
      {
        schema: {
          tags: ['moderation'],
          summary:
            decision === 'verify'
              ? 'Verify a volunteer: they may accept deliveries (moderators; in the audit log)'
              : 'Refuse to verify a volunteer, with the reason they are told (moderators; in the audit log)',
          params: userIdParamsSchema,
          body: decision === 'verify' ? verifyInputSchema : refuseInputSchema,
          response: { 200: decidedSchema, ...actionErrors },
        },
      },
      async (request) => {
        const moderator = await authorizeRequest(request, 'moderator.act')
        const reason = 'reason' in request.body ? (request.body.reason as string) : null
        return decideVolunteer(db, moderation, moderator.id, request.params.id, reason)
      },
    )
  }
}
