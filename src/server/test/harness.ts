import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { type App, buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import type { DatabaseHandle } from '../db/client'
import type { BuildAppOptions } from '../start-services'
import { createTestDatabase, openNewInstall } from './database'
import { lightPasswords } from './light-passwords'
import { createUser, type TestUser } from './users'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Response = Awaited<ReturnType<App['inject']>>

export type TestApp = App & {
  /** inject without the default Origin header, for tests of the Origin check. */
  injectWithoutOrigin: App['inject']
  /** What `user`'s browser sends to the API (a signed-out visitor's without a user), with `payload` as JSON. */
  request(method: Method, url: string, user?: { cookie: string } | null, payload?: object): Promise<Response>
  database: DatabaseHandle & { url?: string }
  dataDir: string
  teardown(): Promise<void>
}

/**
 * An app on a fresh database (reference data included); call teardown() in afterAll. Per-user
 * budgets are 1000 times the real ones, and sign-up answers at once, unless `realLimits` (tests of
 * the limits and of sign-up's timing themselves). Fair use is as loose (1000 open orders, portions
 * and no-shows) unless `env` sets FAIR_USE_* (its own tests set the real figures).
 * `newInstall` opens an empty database the way a production start does, instead of the template.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  webDir?: string,
  {
    realLimits = false,
    newInstall = false,
    sharedDatabase,
    ...appOptions
  }: {
    realLimits?: boolean
    newInstall?: boolean
    /** A second instance on the first one's database (the first one's teardown closes it). */
    sharedDatabase?: TestApp['database']
  } & Pick<
    BuildAppOptions,
    'mailRetry' | 'smsRetry' | 'outboxRetry' | 'jobs' | 'redisPrefix' | 'signUpAnswerMs' | 'passwords'
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-data-'))
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '10000',
    ...(realLimits
      ? {}
      : {
          FAIR_USE_MAX_OPEN_ORDERS: '1000',
          FAIR_USE_MAX_DAILY_FREE_PORTIONS: '1000',
          FAIR_USE_NO_SHOWS_TO_PAUSE: '1000',
        }),
    ...env,
  })
  const database = sharedDatabase
    ? { ...sharedDatabase, close: async () => {} }
    : newInstall
      ? await openNewInstall(config)
      : await createTestDatabase()
  const app = await buildApp({
    config,
    database,
    webDir,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    limitScale: realLimits ? 1 : 1000,
    signUpAnswerMs: realLimits ? undefined : 0,
    passwords: lightPasswords,
    // Scheduled sweeps run when a test ticks; workers look for jobs often, so mail goes out quickly.
    jobs: { tickMs: 0, pollSeconds: 0.5 },
    ...appOptions,
  }).catch(async (error: unknown) => {
    // A start that fails (tests of refused settings) must not leave its database behind.
    await database.close()
    throw error
  })
  await app.ready()
  // Browsers send their Origin with every write; tests of the Origin check set their own. After a
  // write the events it recorded are delivered (bells, mails queued, offers), as the job queue soon
  // would: a test reads what a user would see next (docs/decisions/0044-domain-events.md).
  const inject = app.inject.bind(app)
  const settled = async (answer: Promise<Response>, method?: string) => {
    const response = await answer
    // A write the server failed (a 5xx, the database gone) committed nothing to deliver.
    if (method && method.toUpperCase() !== 'GET' && response.statusCode < 500)
      await app.services.outbox.settle()
    return response
  }
  const injectFromOwnPage = (options: InjectOptions) =>
    settled(inject({ ...options, headers: { origin: config.publicUrl, ...options.headers } }), options.method)
  const injectWithoutOrigin = (options: InjectOptions) => settled(inject(options), options.method)
  const request: TestApp['request'] = (method, url, user, payload) =>
    injectFromOwnPage({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload ? { payload } : {}),
    })
  return Object.assign(app, {
    inject: injectFromOwnPage as App['inject'],
    request,
    injectWithoutOrigin: injectWithoutOrigin as App['inject'],
    database,
    dataDir,
    async teardown() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}

type UserOptions = NonNullable<Parameters<typeof createUser>[1]>

/**
 * An app for the whole file (built in beforeAll, torn down in afterAll) and the users named in
 * `users`, signed up in that order; read `ctx.app`, `ctx.<user>` inside hooks and tests.
 */
export function setUpTestApp<Users extends Record<string, UserOptions>>(
  users: Users,
  ...appOptions: Parameters<typeof createTestApp>
): { app: TestApp } & Record<keyof Users, TestUser> {
  const ctx = {} as { app: TestApp } & Record<keyof Users, TestUser>
  beforeAll(async () => {
    ctx.app = await createTestApp(...appOptions)
    for (const [name, options] of Object.entries(users) as [keyof Users, UserOptions][]) {
      ctx[name] = (await createUser(ctx.app, options)) as (typeof ctx)[keyof Users]
    }
  })
  afterAll(() => ctx.app.teardown())
  return ctx
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipartFile(
  data: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  field = 'file',
) {
  const boundary = `----ahara${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/**
 * Polls until `check` answers a value other than undefined/false (background jobs finish on their own
 * time); fails with `what` after `limitMs`, which only bounds a broken run.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T> | T,
  limitMs = 15_000,
): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
