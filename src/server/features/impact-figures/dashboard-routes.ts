import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  donorDashboardSchema,
  recipientDashboardSchema,
  volunteerDashboardSchema,
} from '../../../shared/schemas/dashboards'
import { authorizeRequest } from '../../platform/authorization'
import type { AppServices } from '../../platform/services'
import { donorDashboard, recipientDashboard, volunteerDashboard } from './service'

const errors = { 401: errorResponseSchema, 403: errorResponseSchema }

/**
 * Each role's dashboard figures, always the caller's own: another role's dashboard answers 403,
 * signed out 401. The web app caches them under ['dashboard', role].
 */
export const dashboardsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.get(
    '/api/dashboard/donor',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The donor's donations, claims figures, badges, monthly progress and impact",
        response: { 200: donorDashboardSchema, ...errors },
      },
    },
    async (request) =>
      donorDashboard(db, (await authorizeRequest(request, 'dashboard.view', { role: 'donor' })).id),
  )

  app.get(
    '/api/dashboard/recipient',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The recipient's claims, requests and deliveries: totals, favourite categories, recent",
        response: { 200: recipientDashboardSchema, ...errors },
      },
    },
    async (request) =>
      recipientDashboard(db, (await authorizeRequest(request, 'dashboard.view', { role: 'recipient' })).id),
  )

  app.get(
    '/api/dashboard/volunteer',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The volunteer's deliveries, hours, rating, badges, this month and impact",
        response: { 200: volunteerDashboardSchema, ...errors },
      },
    },
    async (request) =>
      volunteerDashboard(db, (await authorizeRequest(request, 'dashboard.view', { role: 'volunteer' })).id),
  )
}
