import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { homeSchema } from '../../../shared/schemas/home'
import { createListingSchema, updateListingSchema } from '../../../shared/schemas/listing-input'
import {
  listingPinsQuerySchema,
  listingQuerySchema,
  MAX_LISTING_PINS,
} from '../../../shared/schemas/listing-query'
import {
  categorySchema,
  citiesSchema,
  listingIdParamsSchema,
  listingPageSchema,
  listingPinsSchema,
  listingSchema,
} from '../../../shared/schemas/listings'
import { authenticate, authorizeRequest } from '../../platform/authorization'
import { errorResponses, notFound } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { homeData } from '../impact-figures/service'
import {
  assertListingOwner,
  createListing,
  findListing,
  listCategories,
  listCities,
  listingPins,
  listListings,
  updateListing,
} from './service'

const errors = errorResponses(400, 401, 403, 404)

export const listingsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db } = services

  app.get(
    '/api/listings',
    {
      schema: {
        tags: ['listings'],
        summary: 'Listings: searched, filtered, sorted and paged in SQL; unavailable ones last',
        querystring: listingQuerySchema,
        response: { 200: listingPageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listListings(db, request.query, await request.currentUser()),
  )

  app.get(
    '/api/listings/pins',
    {
      schema: {
        tags: ['listings'],
        summary: `Map pins: every listing GET /api/listings would match, by id, title and public point (${MAX_LISTING_PINS} at most)`,
        querystring: listingPinsQuerySchema,
        response: { 200: listingPinsSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listingPins(db, request.query, await request.currentUser()),
  )

  app.get(
    '/api/listings/cities',
    {
      schema: {
        tags: ['listings'],
        summary: 'The distinct pickup cities, sorted (the location select)',
        response: { 200: citiesSchema },
      },
    },
    async () => ({ cities: await listCities(db) }),
  )

  app.get(
    '/api/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'One listing',
        params: listingIdParamsSchema,
        response: { 200: listingSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const listing = await findListing(db, request.params.id, await request.currentUser())
      if (!listing) throw notFound('listings.errors.notFound')
      return listing
    },
  )

  app.post(
    '/api/listings',
    {
      // Who may post is answered before the body is checked: 401 signed out, 403 not a donor.
      preValidation: async (request) => {
        await authorizeRequest(request, 'listing.create')
      },
      schema: {
        tags: ['listings'],
        summary: 'Donate food (signed-in donors)',
        body: createListingSchema,
        response: { 201: listingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'listing.create')
      const id = await createListing(db, user.id, request.body, services.config.firstRefusal)
      return reply.status(201).send((await findListing(db, id, user))!)
    },
  )

  app.patch(
    '/api/listings/:id',
    {
      preValidation: async (request) => {
        const user = await authenticate(request, 'listing.edit')
        await assertListingOwner(db, user, (request.params as { id: string }).id)
      },
      schema: {
        tags: ['listings'],
        summary: 'Edit a listing (its donor only); the body carries every editable field',
        params: listingIdParamsSchema,
        body: updateListingSchema,
        response: { 200: listingSchema, ...errors },
      },
    },
    async (request) => {
      const user = (await request.currentUser())!
      await updateListing(db, user, request.params.id, request.body)
      return (await findListing(db, request.params.id, user))!
    },
  )

  app.get(
    '/api/categories',
    {
      schema: { tags: ['listings'], summary: 'Food categories', response: { 200: z.array(categorySchema) } },
    },
    async () => listCategories(db),
  )

  app.get(
    '/api/home',
    {
      schema: {
        tags: ['listings'],
        summary: 'Home page: live impact cards with trends, 3 available listings, 2 latest stories',
        response: { 200: homeSchema },
      },
    },
    async (request) => homeData(db, await request.currentUser()),
  )
}
