import { existsSync } from 'node:fs'
import '../shared/phone-parser'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from './config'
import { registerFeatureRoutes } from './feature-routes'
import { listingPageRoutes } from './features/listing-page/routes'
import { registerSuspensionGuard } from './features/moderation/guard'
import { registerHttpPlugins } from './http-plugins'
import { registerAuth } from './platform/auth'
import { errorBody, registerErrorHandling } from './platform/errors'
import { registerInputGuard } from './platform/input-guard'
import { addressLimitsOf, registerWriteLimits } from './platform/limits'
import { registerOriginCheck } from './platform/origin-check'
import { registerMetricsRoute } from './platform/prometheus'
import { registerRealtime } from './platform/realtime'
import { registerRequestId, requestIdOf } from './platform/request-id'
import type { AppServices } from './platform/services'
import { webPageRoutes } from './platform/web-pages'
import { type BuildAppOptions, startServices } from './start-services'

/** A registered route, as the security and fuzz tests walk them (every new route is covered). */
export type RouteSummary = { method: string; url: string; schema: RouteOptions['schema'] }

export type App = FastifyInstance & { services: AppServices; routes: RouteSummary[] }

/**
 * Off unless TRUST_PROXY names the proxies, or else X-Forwarded-For would let clients pick their own
 * address. A hop count trusts that many hops from the socket: the app must then be reachable only
 * through those proxies (README, Configuration).
 */
function trustedProxies(
  setting: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Client disconnects must not keep graceful shutdown waiting.
    forceCloseConnections: 'idle',
    // The proxy's X-Request-Id when it is safe, else a new one; echoed in every answer.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>()
  const routes: RouteSummary[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema })
  })
  registerRequestId(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // Bodies are JSON or multipart (registered below); anything else, text/plain included, is 415.
  app.removeContentTypeParser('text/plain')
  registerOriginCheck(app, config)
  registerInputGuard(app)

  const { services, redis, redisPrefix } = await startServices(app, options)
  const { auth, realtime } = services
  await registerHttpPlugins(app, config, redis, redisPrefix)
  // Google sign-in's routes: each sign-in is two requests, so the generous per-address sign-in cap.
  registerAuth(app, auth, addressLimitsOf(config.authRateLimit).signInRequests)
  registerSuspensionGuard(app, database.db)
  registerWriteLimits(app, services.limits)
  registerRealtime(app, realtime, database.db)
  registerMetricsRoute(app, services.metrics, config.metrics.token)
  await registerFeatureRoutes(app, services)

  const webDir = options.webDir ? resolve(options.webDir) : undefined
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/vite/precompress.ts): sent as they are, with Vary.
      preCompressed: true,
      // Source maps show the code as written: for the developer's own machine, never in production.
      allowedPath: (path) => config.demo || !path.endsWith('.map'),
      setHeaders(res, path) {
        // Vite puts a content hash in every asset name: they never change.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
    await app.register(listingPageRoutes, { services, webDir })
    await app.register(webPageRoutes, { webDir })
  }
  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(errorBody('not_found', 'errors.notFound'))
  })

  return Object.assign(app, { services, routes }) as unknown as App
}
