import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { MAX_IMAGE_BYTES } from '../shared/reference-data'
import { type AppConfig, tilesOrigin } from './config'
import type { RedisConnection } from './platform/redis-counters'

/** Google account photos, shown as avatars of users who signed in with Google. */
const GOOGLE_AVATAR_ORIGIN = 'https://lh3.googleusercontent.com'
/**
 * Ahara asks for the location (nearest district) and the camera (the donor scans a pickup code's QR,
 * docs/decisions/0047-pickup-codes.md), on its own pages only; every other powerful feature is off.
 */
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(self), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()'

/**
 * The HTTP layer every answer passes: security headers (CSP, permissions), compression, cookies,
 * per-address rate limits (in Redis when there is one), uploads and the API description.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: AppConfig,
  redis: RedisConnection | undefined,
  redisPrefix: string,
): Promise<void> {
  const secure = config.publicUrl.startsWith('https://')
  await app.register(helmet, {
    // Plain-HTTP deployments on a LAN address must not be upgraded to HTTPS: the browser would fail.
    hsts: secure,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The map's tiles come from their own origin (docs/decisions/0072-the-map-view.md).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          tilesOrigin(config.mapTiles),
          ...(config.google ? [GOOGLE_AVATAR_ORIGIN] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
  // JSON (and the listing page's HTML) over 1 KB compressed per answer; brotli at level 4 is quick.
  // Built assets carry their compressed copies and are not compressed again; the event stream is
  // hijacked and never buffered (docs/decisions/0032-web-performance.md).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(cookie)
  // With REDIS_URL the per-address limits are counted in Redis too, so they hold across instances;
  // skipOnError: a Redis outage lets requests through (docs/decisions/0024-shared-limits.md).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.redis, nameSpace: `${redisPrefix}rate:`, skipOnError: true } : {}),
  })
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } })
  await app.register(swagger, {
    openapi: { info: { title: 'Ahara API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' })
}
