import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PLACEHOLDER_IMAGE } from '../../../shared/image-sizing'
import type { AppServices } from '../../platform/services'
import { webPageHtml } from '../../platform/web-pages'
import { findListing } from '../listings/service'
import { listingMeta, withFirstImage, withListingData, withPageMeta, withPhoto } from './html'

/**
 * GET /listings/:id, the listing's page: the web app with the listing's preview tags in its head.
 * An unknown or malformed id gets the app as it is (it shows its not-found page) with status 404.
 */
export const listingPageRoutes: FastifyPluginAsyncZod<{ services: AppServices; webDir: string }> = async (
  app,
  { services, webDir },
) => {
  app.get('/listings/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string }
    // As a signed-out visitor sees it: a preview is public, so never the street address.
    const listing = await findListing(services.db, id, null)
    // The first screen's photo only for food still on offer: a taken listing's photo is dimmed.
    const indexHtml = await webPageHtml(
      webDir,
      request.url,
      request.headers['accept-language'],
      Boolean(listing?.available),
    )
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
    if (!listing) return reply.status(404).send(indexHtml)
    const photo = listing.imageUrls[0] ?? PLACEHOLDER_IMAGE
    const withMeta = withPageMeta(indexHtml, listingMeta(listing, services.config.publicUrl))
    const withImage = withFirstImage(withPhoto(withMeta, photo), photo)
    return reply.send(withListingData(withImage, listing))
  })
}
