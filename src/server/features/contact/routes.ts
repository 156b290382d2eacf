import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { contactMessageCreatedSchema, contactMessageSchema } from '../../../shared/schemas/contact'
import { AppError } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { contactMail, saveContactMessage } from './service'

/** Messages per client address and window: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const

export const contactRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, mailer, config } = services

  app.post(
    '/api/contact-messages',
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: () => new AppError(429, 'rate_limited', 'contact.errors.tooManyMessages'),
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support (stored, then mailed to SUPPORT_EMAIL)',
        body: contactMessageSchema,
        response: {
          201: contactMessageCreatedSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser()
      const row = await saveContactMessage(db, request.body, user?.id ?? null)
      // The message is kept whatever happens to the mail: support can read it in the table.
      try {
        await mailer.send(contactMail(row, config.supportEmail))
      } catch (error) {
        request.log.error({ err: error, contactMessageId: row.id }, 'contact mail to support failed')
      }
      return reply.status(201).send({ id: row.id })
    },
  )
}
