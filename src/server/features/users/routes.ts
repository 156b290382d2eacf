import { setTimeout as delay } from 'node:timers/promises'
import { hashPassword } from 'better-auth/crypto'
import { fromNodeHeaders } from 'better-auth/node'
import { eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  completeSignUpSchema,
  forgotPasswordSchema,
  meSchema,
  profilePhotoSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  siteOptionsSchema,
} from '../../../shared/schemas/users'
import { users } from '../../db/schema'
import { authorizeRequest, requireUser } from '../../platform/auth'
import { AppError, badRequest, conflict, errorResponses } from '../../platform/errors'
import { BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import { devMailboxEnabled } from '../mailbox/service'
import { assertOwnUploads } from '../uploads/service'
import { preferencesRoutes } from './preferences-routes'
import { accountMails, findUserByEmail, findUserById, resetTokenProblem, toMe } from './service'

const okSchema = z.object({ ok: z.literal(true) })
const errors = errorResponses(400, 401, 409, 429)

/** Copies better-auth's cookies onto our reply. */
function forwardCookies(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

export const usersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { auth, db, config, limits } = services
  const mails = accountMails(services, app.log)
  const authRateLimit = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } }
  await app.register(preferencesRoutes, { services })

  app.get(
    '/api/auth-options',
    {
      schema: {
        tags: ['users'],
        summary: "Which sign-in methods this server offers, and the footer's social links",
        response: { 200: siteOptionsSchema },
      },
    },
    async () => ({
      google: Boolean(config.google),
      devMailbox: devMailboxEnabled(config),
      social: config.social,
    }),
  )

  app.post(
    '/api/users',
    {
      config: authRateLimit,
      schema: {
        tags: ['users'],
        summary: 'Sign up',
        body: signUpSchema,
        response: { 201: okSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A taken e-mail gets the same answer as a new one, after the same work (a password hash) and
      // no sooner than a new account would: sign-up must not tell who has an account, by its words or
      // its time. The owner hears of it by e-mail instead (docs/decisions/0005-passwords.md).
      const answerAt = Date.now() + services.signUpAnswerMs
      const input = request.body
      const existing = await findUserByEmail(db, input.email)
      if (existing) {
        await hashPassword(input.password)
        mails.accountExists(existing)
      } else {
        try {
          await auth.api.signUpEmail({
            body: {
              name: input.name,
              email: input.email,
              password: input.password,
              role: input.role,
              donorType: input.role === 'donor' ? (input.donorType ?? 'home') : null,
              district: input.district,
              location: input.location,
              phone: input.phone ?? null,
              isVerified: false,
              language: input.language ?? 'en',
            },
          })
          mails.welcome({ name: input.name, email: input.email, language: input.language ?? 'en' })
        } catch (error) {
          // Two sign-ups with one e-mail at once: the unique index lets only one through.
          const winner = await findUserByEmail(db, input.email)
          if (!winner) throw error
          mails.accountExists(winner)
        }
      }
      await delay(Math.max(0, answerAt - Date.now()))
      return reply.status(201).send({ ok: true as const })
    },
  )

  app.post(
    '/api/sessions',
    {
      config: authRateLimit,
      schema: {
        tags: ['users'],
        summary: 'Sign in',
        body: signInSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Failures are also counted per account, so rotating addresses cannot guess one password.
      const failuresKey = `sign-in-failures:${request.body.email.toLowerCase()}`
      await limits.check(failuresKey, BUDGETS.signInFailures, 'errors.tooManySignInFailures')
      const response = await auth.api.signInEmail({
        body: request.body,
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      })
      if (!response.ok) {
        await limits.add(failuresKey, BUDGETS.signInFailures.windowMs)
        // One message whether the e-mail is unknown or the password wrong: no account is revealed.
        throw new AppError(401, 'invalid_credentials', 'auth.errors.invalidCredentials')
      }
      forwardCookies(reply, response)
      const user = await findUserByEmail(db, request.body.email)
      return toMe(user!)
    },
  )

  app.delete(
    '/api/sessions/current',
    { schema: { tags: ['users'], summary: 'Sign out' } },
    async (request, reply) => {
      const response = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true })
      forwardCookies(reply, response)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: meSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return toMe((await findUserById(db, user.id))!)
    },
  )

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit my profile',
        body: profileUpdateSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.edit')
      const [row] = await db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning()
      return toMe(row!)
    },
  )

  app.put(
    '/api/me/photo',
    {
      schema: {
        tags: ['users'],
        summary: 'Use one of my uploads as my profile photo',
        body: profilePhotoSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.edit')
      await assertOwnUploads(db, user.id, [request.body.url])
      const [row] = await db
        .update(users)
        .set({ profileImageUrl: request.body.url, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning()
      return toMe(row!)
    },
  )

  app.post(
    '/api/me/complete-sign-up',
    {
      schema: {
        tags: ['users'],
        summary: 'Give a Google account its role and location',
        body: completeSignUpSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      if (user.role) throw conflict('auth.errors.signUpAlreadyComplete')
      const input = request.body
      const [row] = await db
        .update(users)
        .set({
          role: input.role,
          location: input.location,
          district: input.district,
          donorType: input.role === 'donor' ? (input.donorType ?? 'home') : null,
          isVerified: true,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning()
      return toMe(row!)
    },
  )

  app.post(
    '/api/password-resets',
    {
      config: authRateLimit,
      schema: {
        tags: ['users'],
        summary: 'Send a password reset link',
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The same answer whether or not the account exists; the budget is per address asked for,
      // so nobody can flood one inbox from many networks.
      await limits.spend(
        `reset-mails:${request.body.email.toLowerCase()}`,
        BUDGETS.resetMails,
        'errors.tooManyResetMails',
      )
      await auth.api.requestPasswordReset({
        body: { email: request.body.email, redirectTo: `${config.publicUrl}/reset-password` },
        headers: fromNodeHeaders(request.headers),
      })
      return reply.status(202).send({ ok: true as const })
    },
  )

  app.post(
    '/api/password-resets/complete',
    {
      config: authRateLimit,
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password } = request.body
      const problem = await resetTokenProblem(db, token)
      if (problem === 'expired') throw badRequest('auth.errors.resetLinkExpired')
      if (problem === 'invalid') throw badRequest('auth.errors.resetLinkInvalid')
      await auth.api.resetPassword({ body: { token, newPassword: password } }).catch(() => {
        throw badRequest('auth.errors.resetLinkInvalid')
      })
      return { ok: true as const }
    },
  )
}
