import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { reportFileParamsSchema } from '../../../shared/schemas/dashboards'
import { requireUser } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { monthlyReport, reportFilename } from './service'

/** The monthly impact report (docs/decisions/0056-dansal-and-monthly-reports.md). */
export const reportsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/me/reports/:file',
    {
      schema: {
        tags: ['dashboards'],
        summary:
          'My monthly impact report as a one-page PDF in my language: file YYYY-MM.pdf (donors and verified organisations)',
        params: reportFileParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // The service authorizes (policy 'report.monthly'): it reads whether the account is a verified organisation.
      const user = await requireUser(request)
      const pdf = await monthlyReport(services.db, services.limits, user, request.params.file.month)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFilename(request.params.file.month)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )
}
