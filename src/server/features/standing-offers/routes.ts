import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmSchema,
  createStandingOfferSchema,
  occurrenceParamsSchema,
  offerParamsSchema,
  pauseSchema,
  standingListQuerySchema,
  standingOfferListSchema,
  standingOfferSchema,
  updateStandingOfferSchema,
} from '../../../shared/schemas/standing-offers'
import { authorizeRequest, requireUser, signedInFor } from '../../platform/authorization'
import { errorResponses } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { standingDeliveryRoutes } from './delivery-routes'
import {
  confirmOccurrence,
  createOffer,
  endOffer,
  getOffer,
  listOffers,
  pauseOffer,
  skipOccurrence,
  updateOffer,
} from './service'
import { takerRoutes } from './taker-routes'

const errors = errorResponses(400, 401, 403, 404, 409)
const posted = z.object({ listingId: z.string().nullable() })

export const standingOffersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { db } = services
  const rules = () => ({ fairUse: services.config.fairUse, firstRefusal: services.config.firstRefusal })
  const tags = ['standing offers']

  app.post(
    '/api/standing-offers',
    {
      // Who may offer is answered before the body is checked: 401 signed out, 403 not a donor.
      preValidation: async (request) => {
        await authorizeRequest(request, 'listing.create')
      },
      schema: {
        tags,
        summary: 'A regular offer: the same food on set days in a pickup window (signed-in donors)',
        body: createStandingOfferSchema,
        response: { 201: standingOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'listing.create')
      const id = await createOffer(db, user.id, request.body)
      return reply.status(201).send(await getOffer(db, id, user))
    },
  )

  app.get(
    '/api/standing-offers',
    {
      schema: {
        tags,
        summary: 'Standing offers: mine (donor), those I take from (taker), or open ones with room',
        querystring: standingListQuerySchema,
        response: { 200: standingOfferListSchema, ...errors },
      },
    },
    async (request) => listOffers(db, request.query, await request.currentUser()),
  )

  app.get(
    '/api/standing-offers/:id',
    {
      schema: {
        tags,
        summary: 'One standing offer with its next occurrences',
        params: offerParamsSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => getOffer(db, request.params.id, await request.currentUser()),
  )

  app.patch(
    '/api/standing-offers/:id',
    {
      preValidation: signedInFor('listing.edit'),
      schema: {
        tags,
        summary: 'Edit a standing offer (its donor); occurrences already posted keep theirs',
        params: offerParamsSchema,
        body: updateStandingOfferSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      await updateOffer(db, user, request.params.id, request.body)
      return getOffer(db, request.params.id, user)
    },
  )

  app.post(
    '/api/standing-offers/:id/pause',
    {
      preValidation: signedInFor('listing.edit'),
      schema: {
        tags,
        summary: 'Pause a standing offer until a date (its donor)',
        params: offerParamsSchema,
        body: pauseSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      await pauseOffer(db, user, request.params.id, request.body.until)
      return getOffer(db, request.params.id, user)
    },
  )

  app.post(
    '/api/standing-offers/:id/end',
    {
      preValidation: signedInFor('listing.edit'),
      schema: {
        tags,
        summary: 'End a standing offer for good (its donor)',
        params: offerParamsSchema,
        response: { 200: standingOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      await endOffer(db, user, request.params.id)
      return getOffer(db, request.params.id, user)
    },
  )

  app.post(
    '/api/standing-offers/:id/occurrences/:date/confirm',
    {
      preValidation: signedInFor('listing.edit'),
      schema: {
        tags,
        summary:
          "The donor's quantity for the day: posts the listing with the takers' orders confirmed (0 skips)",
        params: occurrenceParamsSchema,
        body: confirmSchema,
        response: { 200: posted, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const { id, date } = request.params
      return confirmOccurrence(db, id, date, user.id, request.body.quantity, rules())
    },
  )

  app.post(
    '/api/standing-offers/:id/occurrences/:date/skip',
    {
      preValidation: signedInFor('listing.claim'),
      schema: {
        tags,
        summary: "Skip a day: the donor cancels it for everyone; a taker's portions go to the public",
        params: occurrenceParamsSchema,
        response: { 200: posted, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request)
      return skipOccurrence(db, request.params.id, request.params.date, user.id)
    },
  )

  takerRoutes(app, services, tags)
  standingDeliveryRoutes(app, services, tags)
}
