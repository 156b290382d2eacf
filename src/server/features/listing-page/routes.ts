import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppServices } from '../../platform/services'
import { findListing } from '../listings/service'
import { listingMeta, withPageMeta } from './html'

/**
 * GET /listings/:id, the listing's page: the web app with the listing's preview tags in its head.
 * An unknown or malformed id gets the app as it is (it shows its not-found page) with status 404.
 */
export const listingPageRoutes: FastifyPluginAsyncZod<{ services: AppServices; indexFile: string }> = async (
  app,
  { services, indexFile },
) => {
  app.get('/listings/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string }
    // Read at each request: small, and a rebuilt app is served without a restart.
    const indexHtml = await readFile(indexFile, 'utf8')
    // As a signed-out visitor sees it: a preview is public, so never the street address.
    const listing = await findListing(services.db, id, null)
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    if (!listing) return reply.status(404).send(indexHtml)
    return reply.send(withPageMeta(indexHtml, listingMeta(listing, services.config.publicUrl)))
  })
}
