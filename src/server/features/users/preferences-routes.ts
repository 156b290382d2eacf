import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '../../../shared/schemas/notification-preferences'
import { authorizeRequest } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { notificationPreferencesOf, setNotificationPreferences } from './preferences'

const errors = errorResponses(400, 401, 429)

/** The profile's notification settings: which kinds also come by e-mail and SMS (the bell is always on). */
export const preferencesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services

  app.get(
    '/api/me/notification-preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Which notification kinds also come to me by e-mail, and by SMS',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.edit')
      return notificationPreferencesOf(db, user.id)
    },
  )

  app.put(
    '/api/me/notification-preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Turn the e-mail or SMS of notification kinds on or off (kinds left out keep theirs)',
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.edit')
      return setNotificationPreferences(db, user.id, request.body)
    },
  )
}
