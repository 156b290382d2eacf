import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emailTokenSchema, meSchema, signInLinkRequestSchema } from '../../../shared/schemas/users'
import { authHeaders } from '../../platform/auth'
import { requireUser } from '../../platform/authorization'
import { conflict, errorResponses } from '../../platform/errors'
import { addressLimitsOf, BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import { DEVICE_COOKIE, LEGACY_DEVICE_COOKIE_PATH, SignInGuard } from '../../platform/sign-in-guard'
import {
  confirmEmailVerification,
  issueEmailVerification,
  issueSignInLink,
  proofMails,
  useSignInLink,
} from './email-proof'
import { findUserByEmail, findUserById, meOf } from './service'

const okSchema = z.object({ ok: z.literal(true) })
const errors = errorResponses(400, 401, 409, 429)
/** Makes and mails a sign-in link once the answer has gone: whether the account exists takes no time. */
const SIGN_IN_LINK_JOB = 'sign-in-link-request'

/**
 * Proving the mailbox (docs/decisions/0057-proved-email-and-sign-in-links.md): the e-mail
 * verification link sent at sign-up (and again on request), and one-time sign-in links, which let
 * an owner in whom a limit keeps waiting.
 */
export const emailProofRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { auth, db, config, limits, signIns, jobs } = services
  const mails = proofMails(services, app.log)
  const addressLimits = addressLimitsOf(config.authRateLimit)
  const deviceCookie = SignInGuard.cookieOptions(config.publicUrl.startsWith('https://'))
  await jobs.define<{ email: string }>(SIGN_IN_LINK_JOB, async ({ email }) => {
    const user = await findUserByEmail(db, email)
    if (user) await mails.signInLink(user, await issueSignInLink(db, user.id))
  })

  app.post(
    '/api/email-verifications',
    {
      schema: {
        tags: ['users'],
        summary: 'Send me the e-mail verification link again',
        response: { 202: okSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const row = (await findUserById(db, user.id))!
      if (row.emailVerified) throw conflict('auth.errors.emailAlreadyVerified')
      await limits.spend(
        `verification-mails:${user.id}`,
        BUDGETS.verificationMails,
        'errors.tooManyVerificationMails',
      )
      await mails.verification(row, await issueEmailVerification(db, row))
      return reply.status(202).send({ ok: true as const })
    },
  )

  app.post(
    '/api/email-verifications/confirm',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Prove the e-mail address with the link mailed to it',
        body: emailTokenSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await confirmEmailVerification(db, request.body.token, config.adminEmails)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/sign-in-links',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Mail me a one-time sign-in link (202 whether or not the account exists)',
        body: signInLinkRequestSchema,
        response: { 202: okSchema, ...errors },
      },
      onResponse: async (_request, reply) => {
        if (reply.statusCode === 202) jobs.wake(SIGN_IN_LINK_JOB)
      },
    },
    async (request, reply) => {
      // The same work whoever asks: a budget spent and a job stored. The owner's known device has a
      // budget of its own, so a stranger's requests never use up the owner's links.
      const email = request.body.email
      const known = signIns.isKnownDevice(email, request.cookies[DEVICE_COOKIE])
      await limits.spend(
        `sign-in-links:${known ? 'device:' : ''}${email}`,
        BUDGETS.signInLinks,
        'errors.tooManySignInLinks',
      )
      await jobs.enqueue(SIGN_IN_LINK_JOB, { email }, { wake: false })
      return reply.status(202).send({ ok: true as const })
    },
  )

  app.post(
    '/api/sign-in-links/confirm',
    {
      config: addressLimits.resets,
      schema: {
        tags: ['users'],
        summary: 'Sign this device in with a sign-in link; it becomes a known device of the account',
        body: emailTokenSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await useSignInLink(db, request.body.token, config.adminEmails)
      const response = await auth.api.sessionFromLink({
        body: { userId: user.id },
        headers: authHeaders(request),
        asResponse: true,
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      // The link proved the mailbox, as a reset does: whatever a guesser did, sign-in starts afresh,
      // and this browser is the account's known device from now on.
      await signIns.clear(user.email)
      const attempt = { email: user.email, address: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] }
      reply.setCookie(DEVICE_COOKIE, signIns.deviceCookieAfterSignIn(attempt), deviceCookie)
      reply.clearCookie(DEVICE_COOKIE, { path: LEGACY_DEVICE_COOKIE_PATH })
      return meOf(db, user)
    },
  )
}
