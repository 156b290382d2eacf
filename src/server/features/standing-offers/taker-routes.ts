import { z } from 'zod'
import {
  joinSchema,
  offerParamsSchema,
  standingDropOffSchema,
  standingOfferSchema,
} from '../../../shared/schemas/standing-offers'
import { requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices, ZodApp } from '../../platform/services'
import { askForDelivery, getOffer, joinOffer, leaveOffer, stopAskingForDelivery } from './service'

const errors = errorResponses(400, 401, 403, 404, 409)

/** A standing offer's takers: joining and leaving it, and asking for its days to be delivered. */
export function takerRoutes(app: ZodApp, { db, config }: AppServices, tags: string[]) {
  app.post(
    '/api/standing-offers/:id/takers',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags,
        summary: 'Take a number of portions of every occurrence (anyone signed in but the donor)',
        params: offerParamsSchema,
        body: joinSchema,
        response: { 201: standingOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      await joinOffer(db, request.params.id, user, request.body.quantity, config.fairUse)
      return reply.status(201).send(await getOffer(db, request.params.id, user))
    },
  )

  app.delete(
    '/api/standing-offers/:id/takers/me',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags,
        summary: 'Stop taking from a standing offer',
        params: offerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      await leaveOffer(db, request.params.id, user.id)
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/api/standing-offers/:id/takers/me/delivery',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags,
        summary: "A taker asks for each day's portions to be delivered, or changes where to",
        params: offerParamsSchema,
        body: standingDropOffSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      await askForDelivery(db, request.params.id, user.id, request.body)
      return getOffer(db, request.params.id, user)
    },
  )

  app.delete(
    '/api/standing-offers/:id/takers/me/delivery',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags,
        summary: "A taker collects again themselves: the volunteers' days end",
        params: offerParamsSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      await stopAskingForDelivery(db, request.params.id, user.id)
      return getOffer(db, request.params.id, user)
    },
  )
}
