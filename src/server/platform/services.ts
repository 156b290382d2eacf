import type { AppConfig } from '../config'
import type { Database, DatabaseHandle } from '../db/client'
import type { Auth } from './auth'
import type { Counters } from './limits'
import type { Mailer } from './mail'
import type { Realtime } from './realtime'
import type { FileStorage } from './storage'

/** A job the app runs every so often in the background; runNow() for tests and operators. */
export type PeriodicTask = { stop(): Promise<void>; runNow(): Promise<number> }

/** What buildApp() wires together and hands every feature's routes. */
export type AppServices = {
  config: AppConfig
  database: DatabaseHandle
  db: Database
  auth: Auth
  mailer: Mailer
  storage: FileStorage
  realtime: Realtime
  /** Per-account and per-user budgets (platform/limits.ts). */
  limits: Counters
  /** Marks listings past expiry 'expired' every minute. */
  expirySweep: PeriodicTask
  /** Sign-up answers no sooner than this (ms), new e-mail or taken, so its time tells nothing. */
  signUpAnswerMs: number
}
