import { desc } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { mailOutbox } from '../../db/schema'
import { notFound } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { latestSms } from '../sms/service'
import { devMailboxEnabled } from './service'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The outbox holds reset links and addresses: only a browser on this machine may read it. The TCP
 * peer is checked (never the forwarded headers a client can write), and a forwarded request came
 * through a proxy from somewhere else.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  )
}

/** An SMS of the log: sent (or only logged without SMS_URL), or a reply from a phone. */
const smsSchema = z.object({
  id: z.string(),
  direction: z.enum(['out', 'in']),
  phone: z.string(),
  text: z.string(),
  segments: z.number(),
  status: z.string(),
  createdAt: z.string(),
})

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
})

export const mailboxRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail recorded in the outbox, and SMS beside it (embedded development mode only)',
        response: { 200: z.object({ mails: z.array(outboxMailSchema), sms: z.array(smsSchema) }) },
      },
    },
    async (request) => {
      if (!devMailboxEnabled(services.config) || !fromThisMachine(request)) throw notFound()
      const rows = await services.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50)
      const texts = await latestSms(services.db)
      return {
        sms: texts.map((r) => ({
          id: r.id,
          direction: r.direction as 'out' | 'in',
          phone: r.phone,
          text: r.text,
          segments: r.segments,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
        })),
      }
    },
  )

  // Without an SMSC the mailbox is also where a phone replies: a reply as if from `from`.
  app.post(
    '/api/dev/sms',
    {
      schema: {
        tags: ['dev'],
        summary: 'Take a text as if a phone had replied by SMS (embedded development mode only)',
        body: z.object({ from: z.string().min(1).max(20), text: z.string().min(1).max(1000) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!devMailboxEnabled(services.config) || !fromThisMachine(request)) throw notFound()
      // A number typed here as people write it (077…) is a national one, as an SMSC would mark it.
      const { from, text } = request.body
      await services.sms.receive({
        from,
        text,
        fromType: from.startsWith('0') ? 'national' : 'international',
      })
      return reply.status(204).send(null)
    },
  )
}
