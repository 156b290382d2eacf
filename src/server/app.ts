import { existsSync } from 'node:fs'
import '../shared/phone-parser'
import { join, resolve } from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { MAX_IMAGE_BYTES } from '../shared/reference-data'
import { type AppConfig, tilesOrigin } from './config'
import type { DatabaseHandle } from './db/client'
import { calendarFeedRoutes } from './features/calendar-feed/routes'
import { contactRoutes } from './features/contact/routes'
import { dashboardsRoutes } from './features/dashboards/routes'
import { deliveriesRoutes } from './features/deliveries/routes'
import { offersSubscriber } from './features/deliveries/service'
import { eventsRoutes } from './features/events/routes'
import { eventMails } from './features/events/service'
import { healthRoutes } from './features/health/routes'
import { listingPageRoutes } from './features/listing-page/routes'
import { listingsRoutes } from './features/listings/routes'
import { scheduleExpirySweep } from './features/listings/service'
import { mailboxRoutes } from './features/mailbox/routes'
import { messagesRoutes } from './features/messages/routes'
import { scheduleMessageDigests } from './features/messages/service'
import { registerSuspensionGuard } from './features/moderation/guard'
import { moderationRoutes } from './features/moderation/routes'
import { appointAdministrators, createModeration } from './features/moderation/service'
import { myDataRoutes } from './features/my-data/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { notificationSubscribers } from './features/notifications/service'
import { ordersRoutes } from './features/orders/routes'
import { orderMails } from './features/orders/service'
import { organisationsRoutes } from './features/organisations/routes'
import { placesRoutes } from './features/places/routes'
import { resolveVapidKeys } from './features/push/keys'
import { pushRoutes } from './features/push/routes'
import { PUSH_QUEUE, pushSubscriber, startPush } from './features/push/service'
import { ratingsRoutes } from './features/ratings/routes'
import { scheduleReminderSweep } from './features/reminders/service'
import { reportsRoutes } from './features/reports/routes'
import { scheduleMonthlyReports } from './features/reports/service'
import { smsRoutes } from './features/sms/routes'
import { smsSubscriber, startSms } from './features/sms/service'
import { standingOffersRoutes } from './features/standing-offers/routes'
import { scheduleStandingSweep } from './features/standing-offers/service'
import { statsRoutes } from './features/stats/routes'
import { storiesRoutes } from './features/stories/routes'
import { uploadsRoutes } from './features/uploads/routes'
import { usersRoutes } from './features/users/routes'
import { findUserByEmail, findUserById, mailRecipients } from './features/users/service'
import { verificationRoutes } from './features/verification/routes'
import { createAuth, registerAuth, resolveSessionSecret } from './platform/auth'
import { registerDeliveryMetrics } from './platform/delivery-metrics'
import { errorBody, registerErrorHandling } from './platform/errors'
import { translator } from './platform/i18n'
import { registerInputGuard } from './platform/input-guard'
import { type JobsOptions, type RetryPolicy, startJobs } from './platform/jobs'
import { createLifecycle } from './platform/lifecycle'
import {
  addressLimitsOf,
  type CounterStore,
  Counters,
  MemoryCounterStore,
  registerWriteLimits,
} from './platform/limits'
import { createMailer } from './platform/mail'
import { registerOriginCheck } from './platform/origin-check'
import { createOutbox } from './platform/outbox'
import { boundedPasswords, type Passwords, standardPasswords } from './platform/passwords'
import { createMetrics, registerHttpMetrics, registerMetricsRoute } from './platform/prometheus'
import { createRealtime, realtimeSubscriber, registerRealtime } from './platform/realtime'
import type { RedisConnection } from './platform/redis-counters'
import { registerRequestId, requestIdOf } from './platform/request-id'
import type { AppServices } from './platform/services'
import { SignInGuard } from './platform/sign-in-guard'
import { createStorage } from './platform/storage'
import { webPageRoutes } from './platform/web-pages'

/** Google account photos, shown as avatars of users who signed in with Google. */
const GOOGLE_AVATAR_ORIGIN = 'https://lh3.googleusercontent.com'
/**
 * Ahara asks for the location (nearest district) and the camera (the donor scans a pickup code's QR,
 * docs/decisions/0047-pickup-codes.md), on its own pages only; every other powerful feature is off.
 */
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(self), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()'

export type BuildAppOptions = {
  config: AppConfig
  database: DatabaseHandle
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDir?: string
  logger?: boolean | object
  /** Job queue timing: how often schedules are checked (0 = only when a test ticks) and workers poll. */
  jobs?: JobsOptions
  /** Mail delivery tries (tests of the dead state use short delays). */
  mailRetry?: RetryPolicy
  /** SMS delivery tries (tests of an SMSC outage use short delays). */
  smsRetry?: RetryPolicy
  /** Tries of each event's delivery to a subscriber (tests of the dead state use short delays). */
  outboxRetry?: RetryPolicy
  /** Multiplies every per-user and per-account budget (tests); 1 by default. */
  limitScale?: number
  /** Put before every Redis key (limits); tests give each app instance group its own. */
  redisPrefix?: string
  /** How soon sign-up may answer (ms); tests that sign many users up set 0. */
  signUpAnswerMs?: number
  /** How passwords are hashed; better-auth's scrypt unless the API tests pass a lighter one. */
  passwords?: Passwords
}

/** Longer than a sign-up takes on a busy server, so new and taken e-mails answer alike. */
const SIGN_UP_ANSWER_MS = 600

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

  // First: an unreachable Redis must stop the start before anything else is running.
  const redisPrefix = options.redisPrefix ?? 'ahara:'
  let redis: RedisConnection | undefined
  let counterStore: CounterStore = new MemoryCounterStore()
  if (config.redisUrl) {
    // ioredis is loaded only with REDIS_URL: it adds most of a second to a start.
    const { connectRedis, createRedisCounterStore } = await import('./platform/redis-counters')
    redis = await connectRedis(config.redisUrl)
    counterStore = createRedisCounterStore(redis.redis, redisPrefix, app.log)
  }
  const limits = new Counters(counterStore, options.limitScale)
  const jobs = await startJobs(database, app.log, options.jobs)
  const mailer = await createMailer(config, database.db, jobs, app.log, options.mailRetry)
  const sessionSecret = resolveSessionSecret(config)
  const passwords = boundedPasswords(options.passwords ?? standardPasswords)
  const auth = createAuth(
    config,
    database.db,
    sessionSecret,
    {
      sendResetPassword: async ({ user, token }) => {
        const row = await findUserById(database.db, user.id)
        const t = translator(row?.language)
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
        // Not awaited: an answer that waits for SMTP would tell who has an account.
        mailer
          .send({
            to: user.email,
            subject: t('mail.resetPassword.subject'),
            text: t('mail.resetPassword.text', { name: user.name, link }),
          })
          .catch((error) => app.log.error({ err: error }, 'password reset mail failed'))
      },
    },
    passwords,
  )
  const storage = await createStorage(config)
  const realtime = createRealtime(database, app.log, limits)
  await realtime.start()
  const expirySweep = await scheduleExpirySweep(jobs, database.db, app.log)
  const push = await startPush({
    db: database.db,
    jobs,
    keys: resolveVapidKeys(config),
    subject: config.vapid.subject,
    log: app.log,
  })
  const metrics = createMetrics(database, realtime)
  registerDeliveryMetrics(metrics, database, { pushQueue: PUSH_QUEUE })
  const sms = await startSms({
    config,
    db: database.db,
    jobs,
    metrics,
    log: app.log,
    retry: options.smsRetry,
    limits,
  })
  // What happens after a change, in one place: the subscribers of the outbox
  // (docs/decisions/0044-domain-events.md). Tests deliver with outbox.settle().
  const outbox = createOutbox(database, jobs, app.log, {
    pollMs: options.jobs?.tickMs === 0 ? 0 : undefined,
    retry: options.outboxRetry,
  })
  const subscribers = [
    ...notificationSubscribers({
      db: database.db,
      mailer,
      realtime,
      config,
      recipients: (userIds) => mailRecipients(database.db, userIds),
      mailRenderers: { ...orderMails, ...eventMails },
    }),
    pushSubscriber(push),
    smsSubscriber(sms, database.db, config.fairUse),
    realtimeSubscriber(realtime, database.db),
    offersSubscriber(database.db),
  ]
  for (const subscriber of subscribers) await outbox.subscribe(subscriber)
  await outbox.start()
  const reminderSweep = await scheduleReminderSweep(jobs, database.db)
  const standingSweep = await scheduleStandingSweep(
    jobs,
    database.db,
    { fairUse: config.fairUse, firstRefusal: config.firstRefusal },
    app.log,
  )
  const monthlyReports = await scheduleMonthlyReports(jobs, database.db, mailer, config.publicUrl)
  const messageDigests = await scheduleMessageDigests(jobs, database.db, mailer, config.publicUrl)
  const services: AppServices = {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    jobs,
    storage,
    realtime,
    outbox,
    moderation: createModeration(database.db),
    push,
    sms,
    limits,
    signIns: new SignInGuard(limits, sessionSecret, config.authRateLimit, async (email) =>
      Boolean(await findUserByEmail(database.db, email)),
    ),
    signUpAnswerMs: options.signUpAnswerMs ?? SIGN_UP_ANSWER_MS,
    passwords,
    expirySweep,
    reminderSweep,
    standingSweep,
    monthlyReports,
    messageDigests,
    lifecycle: createLifecycle(),
    metrics,
  }
  // ADMIN_EMAILS: accounts made before the setting was given become moderators now, once their
  // address is proved (docs/decisions/0057-proved-email-and-sign-in-links.md).
  const appointed = await appointAdministrators(database.db, config.adminEmails)
  if (appointed > 0) app.log.info(`ADMIN_EMAILS: ${appointed} account(s) made moderators`)
  registerHttpMetrics(app, services.metrics)
  services.metrics.jobs.readDepthWith(() => jobs.depths())
  jobs.onFailure((queue) => services.metrics.jobs.failed(queue))
  services.metrics.gauge(
    'outbox_events_pending',
    'Events not yet delivered to all their subscribers',
    [],
    async (g) => {
      g.set((await outbox.stats()).pending)
    },
  )
  services.metrics.gauge(
    'outbox_deliveries_dead',
    'Deliveries of an event to a subscriber whose every try failed',
    [],
    async (g) => {
      g.set((await outbox.stats()).dead)
    },
  )
  app.addHook('onReady', async () => {
    // The first run of each sweep at start, as before the queue, unless a test drives the ticks.
    if (options.jobs?.tickMs !== 0) void jobs.tick()
  })
  app.addHook('onClose', async () => {
    // No new deliveries are handed to the queue; the running ones finish (or expire and another
    // instance tries them again).
    await outbox.stop()
    await jobs.stop()
    await sms.close()
    mailer.close()
    await redis?.close()
  })

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

  // Google sign-in's routes: each sign-in is two requests, so the generous per-address sign-in cap.
  registerAuth(app, auth, addressLimitsOf(config.authRateLimit).signInRequests)
  registerSuspensionGuard(app, database.db)
  registerWriteLimits(app, services.limits)
  registerRealtime(app, realtime, database.db)
  await app.register(healthRoutes, { services })
  registerMetricsRoute(app, services.metrics, config.metrics.token)
  await app.register(usersRoutes, { services })
  await app.register(uploadsRoutes, { services })
  await app.register(listingsRoutes, { services })
  await app.register(placesRoutes)
  await app.register(ordersRoutes, { services })
  await app.register(deliveriesRoutes, { services })
  await app.register(calendarFeedRoutes, { services })
  await app.register(ratingsRoutes, { services })
  await app.register(verificationRoutes, { services })
  await app.register(organisationsRoutes, { services })
  await app.register(reportsRoutes, { services })
  await app.register(dashboardsRoutes, { services })
  await app.register(notificationsRoutes, { services })
  await app.register(pushRoutes, { services })
  await app.register(smsRoutes, { services })
  await app.register(standingOffersRoutes, { services })
  await app.register(eventsRoutes, { services })
  await app.register(storiesRoutes, { services })
  await app.register(statsRoutes, { services })
  await app.register(mailboxRoutes, { services })
  await app.register(contactRoutes, { services })
  await app.register(moderationRoutes, { services })
  await app.register(myDataRoutes, { services })
  await app.register(messagesRoutes, { services })

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
