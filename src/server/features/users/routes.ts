import { setTimeout as delay } from 'node:timers/promises'
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
import { authHeaders, authorizeRequest, requireUser } from '../../platform/auth'
import { AppError, badRequest, conflict, errorResponses } from '../../platform/errors'
import { addressLimitsOf, BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import { DEVICE_COOKIE, type SignInAttempt, SignInGuard } from '../../platform/sign-in-guard'
import { devMailboxEnabled } from '../mailbox/service'
import { appointAdministrators } from '../moderation/service'
import { addOrganisation } from '../organisations/service'
import { assertOwnUploads } from '../uploads/service'
import { preferencesRoutes } from './preferences-routes'
import { accountMails, findUserByEmail, findUserById, meOf, resetTokenOwner, updateProfile } from './service'

const okSchema = z.object({ ok: z.literal(true) })

/** The one e-mail, when ADMIN_EMAILS names it: a new account that is a moderator from sign-up. */
const adminEmailsAmong = (adminEmails: readonly string[], email: string) =>
  adminEmails.filter((admin) => admin === email.toLowerCase())

/** Sends a reset link after the answer, so an existing account costs the answer no time. */
const PASSWORD_RESET_JOB = 'password-reset-request'
const errors = errorResponses(400, 401, 409, 429)

/** Copies better-auth's cookies onto our reply. */
function forwardCookies(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

export const usersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { auth, db, config, limits, signIns, jobs } = services
  const mails = accountMails(services, app.log)
  const addressLimits = addressLimitsOf(config.authRateLimit)
  const deviceCookie = SignInGuard.cookieOptions(config.publicUrl.startsWith('https://'))
  await app.register(preferencesRoutes, { services })
  await jobs.define<{ email: string }>(PASSWORD_RESET_JOB, async ({ email }) => {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: `${config.publicUrl}/reset-password` },
    })
  })

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
      config: addressLimits.signUps,
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
        await services.passwords.hash(input.password)
        mails.accountExists(existing)
      } else {
        try {
          const { user } = await auth.api.signUpEmail({
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
          if (input.organisation) await addOrganisation(db, user.id, input.organisation)
          await appointAdministrators(db, adminEmailsAmong(config.adminEmails, input.email))
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
      config: addressLimits.signInRequests,
      schema: {
        tags: ['users'],
        summary: 'Sign in',
        body: signInSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Failures are counted per device, per address and account, per address, and per account,
      // so a stranger slows only themselves down (platform/sign-in-guard.ts).
      const attempt: SignInAttempt = {
        email: request.body.email,
        address: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      }
      const ticket = await signIns.before(attempt)
      const response = await auth.api.signInEmail({
        body: request.body,
        headers: authHeaders(request),
        asResponse: true,
      })
      if (!response.ok) {
        const { accountBeingGuessed } = signIns.failed(ticket)
        if (accountBeingGuessed) {
          // Looked up after the answer: an unknown e-mail must answer as quickly as a known one.
          setImmediate(() => {
            findUserByEmail(db, attempt.email)
              .then((owner) => owner && mails.beingGuessed(owner))
              .catch((error) => request.log.error({ err: error }, 'guessed-password mail failed'))
          })
        }
        // One message whether the e-mail is unknown or the password wrong: no account is revealed.
        throw new AppError(401, 'invalid_credentials', 'auth.errors.invalidCredentials')
      }
      await signIns.succeeded(attempt, ticket)
      forwardCookies(reply, response)
      reply.setCookie(DEVICE_COOKIE, signIns.deviceCookieAfterSignIn(attempt), deviceCookie)
      const user = await findUserByEmail(db, request.body.email)
      return meOf(db, user!)
    },
  )

  app.delete(
    '/api/sessions/current',
    { schema: { tags: ['users'], summary: 'Sign out' } },
    async (request, reply) => {
      const response = await auth.api.signOut({ headers: authHeaders(request), asResponse: true })
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
      return meOf(db, (await findUserById(db, user.id))!)
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
      return meOf(db, await updateProfile(db, user.id, request.body))
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
      return meOf(db, row!)
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
      if (await appointAdministrators(db, adminEmailsAmong(config.adminEmails, row!.email))) {
        return meOf(db, (await findUserById(db, user.id))!)
      }
      return meOf(db, row!)
    },
  )

  app.post(
    '/api/password-resets',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Send a password reset link',
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errors },
      },
      // The link is made and sent by the job queue once the answer has gone: looking the account
      // up before answering made an existing one answer slower, and even a job woken before the
      // answer's last byte slowed it (PGlite runs on this thread). See
      // docs/decisions/0045-hardening-after-outside-test.md and bench/reset-timing.bench.ts.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return
        await jobs
          .enqueue(PASSWORD_RESET_JOB, { email: request.body.email })
          .catch((error) => request.log.error({ err: error }, 'could not enqueue a reset link'))
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
      return reply.status(202).send({ ok: true as const })
    },
  )

  app.post(
    '/api/password-resets/complete',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password } = request.body
      const owner = await resetTokenOwner(db, token)
      if (owner.problem !== null) {
        throw badRequest(
          owner.problem === 'expired' ? 'auth.errors.resetLinkExpired' : 'auth.errors.resetLinkInvalid',
        )
      }
      await auth.api.resetPassword({ body: { token, newPassword: password } }).catch(() => {
        throw badRequest('auth.errors.resetLinkInvalid')
      })
      // The owner proved they hold the mailbox: whatever a guesser did, sign-in starts afresh.
      const user = await findUserById(db, owner.userId)
      if (user) await signIns.clear(user.email)
      return { ok: true as const }
    },
  )
}
