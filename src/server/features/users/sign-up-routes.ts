import { setTimeout as delay } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { completeSignUpSchema, meSchema, signUpSchema } from '../../../shared/schemas/users'
import { users } from '../../db/schema'
import { requireUser } from '../../platform/authorization'
import { AppError, conflict, errorResponses } from '../../platform/errors'
import { addressLimitsOf, BUDGETS } from '../../platform/limits'
import type { AppServices } from '../../platform/services'
import { appointAdministrators } from '../moderation/service'
import { addOrganisation } from '../organisations/service'
import { issueEmailVerification, proofMails } from './email-proof'
import { accountMails, findUserByEmail, findUserById, meOf } from './service'

const okSchema = z.object({ ok: z.literal(true) })
const errors = errorResponses(400, 401, 409, 429)

/** The one e-mail, when ADMIN_EMAILS names it (promoted once proved: Google's word proves it). */
const adminEmailsAmong = (adminEmails: readonly string[], email: string) =>
  adminEmails.filter((admin) => admin === email.toLowerCase())

/** Sign-up with a password, and completing a Google sign-up. */
export const signUpRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { auth, db, config, limits } = services
  const mails = accountMails(services, app.log)
  const proofs = proofMails(services, app.log)
  const addressLimits = addressLimitsOf(config.authRateLimit)
  /**
   * Anyone can sign up with someone else's address: its owner hears of it at most once an hour
   * (issue 37), and the sign-up answers the same either way.
   */
  const accountExistsOnceAnHour = async (owner: Parameters<typeof mails.accountExists>[0]) => {
    const sent = await limits
      .spend(`account-exists-mails:${owner.email.toLowerCase()}`, BUDGETS.accountExistsMails)
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 429) return false
          throw error
        },
      )
    if (sent) mails.accountExists(owner)
  }

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
        await accountExistsOnceAnHour(existing)
      } else {
        const created = await auth.api
          .signUpEmail({
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
          .then(
            ({ user }) => user,
            async (error: unknown) => {
              // Two sign-ups with one e-mail at once: the unique index lets only one through.
              const winner = await findUserByEmail(db, input.email)
              if (!winner) throw error
              await accountExistsOnceAnHour(winner)
              return null
            },
          )
        if (created) {
          if (input.organisation) await addOrganisation(db, created.id, input.organisation)
          // ADMIN_EMAILS promotes the address once it is proved, not at sign-up (0057).
          const reader = { name: input.name, email: input.email, language: input.language ?? 'en' }
          mails.welcome(reader)
          void proofs.verification(reader, await issueEmailVerification(db, created))
        }
      }
      await delay(Math.max(0, answerAt - Date.now()))
      return reply.status(201).send({ ok: true as const })
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
          // A Google account proves its e-mail, not who knocks on a recipient's door: a volunteer
          // waits for a moderator like any other (docs/decisions/0038-trust-ratings-fair-use.md, 2026-11-28).
          isVerified: false,
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
}
