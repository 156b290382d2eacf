import { eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  forgotPasswordSchema,
  meSchema,
  profilePhotoSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  siteOptionsSchema,
} from '../../../shared/schemas/users'
import { users } from '../../db/schema'
import { authHeaders } from '../../platform/auth'
import { authorizeRequest, requireUser } from '../../platform/authorization'
import { AppError, badRequest, errorResponses } from '../../platform/errors'
import { addressLimitsOf, BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import {
  DEVICE_COOKIE,
  LEGACY_DEVICE_COOKIE_PATH,
  type SignInAttempt,
  SignInGuard,
} from '../../platform/sign-in-guard'
import { devMailboxEnabled } from '../mailbox/service'
import { assertOwnUploads } from '../uploads/service'
import { emailProofRoutes } from './email-proof-routes'
import { preferencesRoutes } from './preferences-routes'
import { accountMails, findUserByEmail, findUserById, meOf, resetTokenOwner, updateProfile } from './service'
import { signUpRoutes } from './sign-up-routes'

const okSchema = z.object({ ok: z.literal(true) })

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
  await app.register(emailProofRoutes, { services })
  await app.register(signUpRoutes, { services })
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
        summary: "Which sign-in methods this server offers, the footer's social links and the map's tiles",
        response: { 200: siteOptionsSchema },
      },
    },
    async () => ({
      google: Boolean(config.google),
      devMailbox: devMailboxEnabled(config),
      social: config.social,
      mapTiles: config.mapTiles,
    }),
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
      reply.clearCookie(DEVICE_COOKIE, { path: LEGACY_DEVICE_COOKIE_PATH })
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
    '/api/password-resets',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Send a password reset link',
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errors },
      },
      // The link is made and sent by the job queue: looking the account up before answering made an
      // existing one answer slower, and even a job woken before the answer's last byte slowed it
      // (PGlite runs on this thread). The job is stored before the answer, the same work whoever
      // asks, so a database outage answers 503 instead of a 202 whose mail never goes; its worker is
      // woken once the answer has gone. See docs/decisions/0045-hardening-after-outside-test.md,
      // 0057 and bench/reset-timing.bench.ts.
      onResponse: async (_request, reply) => {
        if (reply.statusCode === 202) jobs.wake(PASSWORD_RESET_JOB)
      },
    },
    async (request, reply) => {
      // The same answer whether or not the account exists; the budget is per address asked for,
      // so nobody can flood one inbox from many networks. The owner asking while signed in, or from
      // a device the account signed in from before, has a budget of their own: a stranger's
      // requests never use up the owner's resets (0057).
      const email = request.body.email.toLowerCase()
      const user = await request.currentUser()
      const owner =
        user?.email.toLowerCase() === email || signIns.isKnownDevice(email, request.cookies[DEVICE_COOKIE])
      await limits.spend(
        `reset-mails:${owner ? 'owner:' : ''}${email}`,
        BUDGETS.resetMails,
        'errors.tooManyResetMails',
      )
      await jobs.enqueue(PASSWORD_RESET_JOB, { email: request.body.email }, { wake: false })
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
