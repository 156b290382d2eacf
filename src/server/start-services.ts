import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config'
import type { DatabaseHandle } from './db/client'
import { eventMails } from './features/community-events/service'
import { offersSubscriber } from './features/deliveries/service'
import { scheduleExpirySweep } from './features/listings/service'
import { scheduleMessageDigests } from './features/messages/service'
import { appointAdministrators, createModeration } from './features/moderation/service'
import { notificationSubscribers } from './features/notifications/service'
import { orderMails } from './features/orders/service'
import { resolveVapidKeys } from './features/push/keys'
import { PUSH_QUEUE, pushSubscriber, startPush } from './features/push/service'
import { scheduleReminderSweep } from './features/reminders/service'
import { scheduleMonthlyReports } from './features/reports/service'
import { runsSubscriber } from './features/runs/service'
import { smsSubscriber, startSms } from './features/sms/service'
import { scheduleStandingSweep } from './features/standing-offers/service'
import { findUserByEmail, findUserById, mailRecipients } from './features/users/service'
import { createAuth, resolveSessionSecret } from './platform/auth'
import { registerDeliveryMetrics } from './platform/delivery-metrics'
import { translator } from './platform/i18n'
import { type JobsOptions, type RetryPolicy, startJobs } from './platform/jobs'
import { createLifecycle } from './platform/lifecycle'
import { type CounterStore, Counters, MemoryCounterStore } from './platform/limits'
import { createMailer } from './platform/mail'
import { createOutbox } from './platform/outbox-dispatcher'
import { boundedPasswords, type Passwords, standardPasswords } from './platform/passwords'
import { createMetrics, registerHttpMetrics } from './platform/prometheus'
import { createRealtime, realtimeSubscriber } from './platform/realtime'
import type { RedisConnection } from './platform/redis-counters'
import type { AppServices } from './platform/services'
import { SignInGuard } from './platform/sign-in-guard'
import { createStorage } from './platform/storage'

/** Longer than a sign-up takes on a busy server, so new and taken e-mails answer alike. */
const SIGN_UP_ANSWER_MS = 600

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

/**
 * Everything the routes use, started in order: counters (Redis first: an unreachable one stops the
 * start), the job queue, mail, sign-in, storage, realtime, push, SMS, the outbox and its subscribers,
 * and the sweeps; stopped again when the app closes.
 */
export async function startServices(
  app: FastifyInstance,
  options: BuildAppOptions,
): Promise<{ services: AppServices; redis: RedisConnection | undefined; redisPrefix: string }> {
  const { config, database } = options
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
    runsSubscriber(database.db, config.routingUrl),
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

  return { services, redis, redisPrefix }
}
