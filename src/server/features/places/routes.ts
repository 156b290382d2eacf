import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponseSchema } from '../../../shared/api-error'
import {
  nearestPlaceQuerySchema,
  placeListSchema,
  placeQuerySchema,
  placeSchema,
} from '../../../shared/schemas/places'
import { findNearestPlace, findPlaces } from './service'

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Towns of Sri Lanka by name in any script (English, Sinhala, Tamil), best first, at most 10',
        querystring: placeQuerySchema,
        response: { 200: placeListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ items: findPlaces(request.query.q) }),
  )

  app.get(
    '/api/places/nearest',
    {
      schema: {
        tags: ['places'],
        summary: 'The town nearest to a point ("use my location" fills the town and district)',
        querystring: nearestPlaceQuerySchema,
        response: { 200: placeSchema, 400: errorResponseSchema },
      },
    },
    async (request) => findNearestPlace(request.query),
  )
}
