import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { accountDeletionSchema, deletionConfirmationSchema } from '../../../shared/schemas/my-data'
import { authHeaders } from '../../platform/auth'
import { authorizeRequest } from '../../platform/authorization'
import { AppError, errorResponses } from '../../platform/errors'
import { BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import { deletionConfirmationOf, findUserById, isOwnPassword } from '../users/service'
import { deleteAccount } from './erase'
import { exportPersonalData } from './export'

const errors = errorResponses(400, 401, 429)

/** A user's own data: download it, or delete the account (docs/decisions/0039-own-data.md). */
export const myDataRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, limits, auth } = services

  app.get(
    '/api/me/data',
    {
      schema: {
        tags: ['users'],
        summary: 'Download everything stored about me, as a JSON file',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'account.export')
      const data = await exportPersonalData(db, user)
      const day = data.exportedAt.slice(0, 10)
      return reply
        .header('content-disposition', `attachment; filename="ahara-my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data)
    },
  )

  app.get(
    '/api/me/deletion',
    {
      schema: {
        tags: ['users'],
        summary: 'How I confirm deleting my account: my password, or my e-mail (an account without one)',
        response: { 200: deletionConfirmationSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.delete')
      return { confirmWith: await deletionConfirmationOf(db, user.id) }
    },
  )

  app.post(
    '/api/me/deletion',
    {
      schema: {
        tags: ['users'],
        summary:
          'Delete my account: erases my personal data, ends my open orders and signs me out everywhere',
        body: accountDeletionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'account.delete')
      // Failures are counted per account: a stolen session cannot guess the password here. The try
      // takes its place before the password is checked, and is given back when it was right (0059).
      const failure = await limits.take(
        `deletion-failures:${user.id}`,
        BUDGETS.deletionFailures,
        'errors.tooManyDeletionFailures',
      )
      const confirmWith = await deletionConfirmationOf(db, user.id)
      const { password, email } = request.body
      const confirmed =
        confirmWith === 'password'
          ? password !== undefined && (await isOwnPassword(db, services.passwords, user.id, password))
          : email !== undefined &&
            email.toLowerCase() === (await findUserById(db, user.id))?.email.toLowerCase()
      if (!confirmed) {
        throw new AppError(
          400,
          'not_confirmed',
          confirmWith === 'password'
            ? 'profile.deletion.errors.wrongPassword'
            : 'profile.deletion.errors.wrongEmail',
        )
      }
      await failure.refund()
      await deleteAccount(services, user.id)
      // The session row is gone; this clears the browser's cookies too.
      const response = await auth.api.signOut({ headers: authHeaders(request), asResponse: true })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.status(204).send(null)
    },
  )
}
