import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { meSchema, phoneCodeSchema, phoneCodeSentSchema } from '../../../shared/schemas/users'
import { authorizeRequest } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { meOf } from '../users/service'
import type { CodeCaps } from './service'
import { confirmPhoneCode, sendPhoneCode } from './service'

const errors = errorResponses(400, 401, 409, 429)

/** Verifying the profile's phone number by a code sent to it (docs/decisions/0051-sms-over-smpp.md). */
export const smsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, sms, config, limits, metrics } = services
  const refusedCodes = metrics.counter(
    'sms_codes_refused_total',
    'Verification codes refused by a cap: user, number, newAccount, address, or service (SMS_MAX_PER_HOUR)',
    ['cap'],
  )
  const caps: CodeCaps = {
    counters: limits,
    maxPerHour: config.smsMaxPerHour,
    refused: (cap) => refusedCodes.inc({ cap }),
  }

  app.post(
    '/api/me/phone-verification',
    {
      schema: {
        tags: ['users'],
        summary: "Send a six-digit code by SMS to my profile's phone number",
        response: { 202: phoneCodeSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'account.edit')
      return reply
        .status(202)
        .send(await sendPhoneCode(db, sms, caps, { userId: user.id, address: request.ip }))
    },
  )

  app.post(
    '/api/me/phone-verification/confirm',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm my phone number with the code it got',
        body: phoneCodeSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => {
      const user = await authorizeRequest(request, 'account.edit')
      return meOf(db, await confirmPhoneCode(db, user.id, request.body.code))
    },
  )
}
