import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppConfig } from '../config'
import type { Database, DatabaseHandle } from '../db/client'
import type { Moderation } from '../features/moderation/service'
import type { Push } from '../features/push/service'
import type { Sms } from '../features/sms/service'
import type { Auth } from './auth'
import type { Jobs, PeriodicTask } from './jobs'
import type { Lifecycle } from './lifecycle'
import type { Counters } from './limits'
import type { Mailer } from './mail'
import type { Outbox } from './outbox'
import type { Passwords } from './passwords'
import type { Metrics } from './prometheus'
import type { Realtime } from './realtime'
import type { SignInGuard } from './sign-in-guard'
import type { FileStorage } from './storage'

/** The app a feature's group of routes registers on, typed by their zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** What buildApp() wires together and hands every feature's routes. */
export type AppServices = {
  config: AppConfig
  database: DatabaseHandle
  db: Database
  auth: Auth
  mailer: Mailer
  storage: FileStorage
  realtime: Realtime
  /**
   * The domain events recorded with each change, delivered to the bell, mail, push, realtime and
   * offers subscribers after the commit (platform/outbox.ts).
   */
  outbox: Outbox
  /** The audit log of moderation and the moderators' actions (features/moderation). */
  moderation: Moderation
  /** Web push to the devices that asked for it; every notification goes there too (features/push). */
  push: Push
  /** SMS to verified numbers over SMPP, codes that verify them and replies that act (features/sms). */
  sms: Sms
  /** Per-account and per-user budgets (platform/limits.ts). */
  limits: Counters
  /** Failed sign-ins: per device, per source, per address, and the account's ceiling (platform/sign-in-guard.ts). */
  signIns: SignInGuard
  /** Background jobs and scheduled sweeps on the database, shared by every instance (platform/jobs.ts). */
  jobs: Jobs
  /** Marks listings past expiry 'expired' once a minute across all instances. */
  expirySweep: PeriodicTask
  /** Sends due pickup and delivery reminders and the donors' collection checks every minute. */
  reminderSweep: PeriodicTask
  /** Asks donors for the day's quantity of their standing offers and posts the unanswered (0068). */
  standingSweep: PeriodicTask
  /** Mails last month's impact report to those who asked, on the 1st (features/reports); runNow(now) for tests. */
  monthlyReports: { runNow(now?: Date): Promise<number> }
  /** The messages' e-mail digests that are due (every minute; docs/decisions/0066-messages.md). */
  messageDigests: { runNow(now?: Date): Promise<number> }
  /** Sign-up answers no sooner than this (ms), new e-mail or taken, so its time tells nothing. */
  signUpAnswerMs: number
  /** Hashes and checks passwords, inside better-auth and outside it (platform/passwords.ts). */
  passwords: Passwords
  /** Draining on shutdown: readiness answers 503. */
  lifecycle: Lifecycle
  /** Prometheus figures of this instance (GET /metrics); other modules register theirs here. */
  metrics: Metrics
}
