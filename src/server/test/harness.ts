import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq, like, sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { ALL_SAFETY_CHECKS_TICKED } from '../../shared/reference-data'
import { searchKey } from '../../shared/transliteration'
import { type App, buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { openConfiguredDatabase } from '../db/open'
import { listings, mailOutbox, users } from '../db/schema'
import type { BuildAppOptions } from '../start-services'
import { withDatabase } from './global-setup'
import { lightPasswords } from './light-passwords'

/** A fresh, migrated database for one test file: a PGlite copy or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle & { kindLabel: string; url?: string }> {
  const source = inject('testDatabase')
  if (source.kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(source.file)]) })
    return { ...handle, kindLabel: 'pglite' }
  }
  const { url, drop } = await createPostgresDatabase(source.url, source.template)
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 20 })
  return {
    ...handle,
    kindLabel: 'postgres',
    url,
    async close() {
      await handle.close()
      await drop()
    },
  }
}

/** A new PostgreSQL database, a copy of the template or, without one, empty as on a new install. */
async function createPostgresDatabase(serverUrl: string, template?: string) {
  const name = `ahara_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * The database of a new install, opened as a production start opens it (openConfiguredDatabase):
 * an empty PostgreSQL database through DATABASE_URL, or a new PGlite folder in DATA_DIR.
 */
async function openNewInstall(config: AppConfig): Promise<DatabaseHandle & { url?: string }> {
  const source = inject('testDatabase')
  if (source.kind === 'pglite') return openConfiguredDatabase(config)
  const { url, drop } = await createPostgresDatabase(source.url)
  const handle = await openConfiguredDatabase({ ...config, databaseUrl: url })
  return {
    ...handle,
    url,
    async close() {
      await handle.close()
      await drop()
    },
  }
}

export type TestApp = App & {
  /** inject without the default Origin header, for tests of the Origin check. */
  injectWithoutOrigin: App['inject']
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
  const settled = async (answer: Promise<Awaited<ReturnType<App['inject']>>>, method?: string) => {
    const response = await answer
    // A write the server failed (a 5xx, the database gone) committed nothing to deliver.
    if (method && method.toUpperCase() !== 'GET' && response.statusCode < 500)
      await app.services.outbox.settle()
    return response
  }
  const injectFromOwnPage = (options: InjectOptions) =>
    settled(inject({ ...options, headers: { origin: config.publicUrl, ...options.headers } }), options.method)
  const injectWithoutOrigin = (options: InjectOptions) => settled(inject(options), options.method)
  return Object.assign(app, {
    inject: injectFromOwnPage as App['inject'],
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

let userCounter = 0

export type TestUser = { id: string; email: string; name: string; password: string; cookie: string }

/** Signs a new user up through the API and signs them in; cookie goes in the `cookie` header. */
export async function createUser(
  app: App,
  overrides: Partial<{
    role: 'donor' | 'recipient' | 'volunteer'
    district: string
    location: string
    name: string
    email: string
    donorType: string
    phone: string
    /**
     * A volunteer starts verified, as a moderator would have made them, unless false (a volunteer
     * waiting for verification; docs/decisions/0038-trust-ratings-fair-use.md).
     */
    verified: boolean
    /** A recipient signing up for an organisation (pending until a moderator verifies it). */
    organisation: Record<string, unknown>
    /** Opens the verification link mailed at sign-up, as its owner would (docs/decisions/0057-proved-email-and-sign-in-links.md). */
    verifyEmail: boolean
    /** The network address signing up and in (tests of per-address limits make many users). */
    address: string
  }> = {},
): Promise<TestUser> {
  userCounter += 1
  const email = overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@test.ahara.lk`
  const password = 'secret-pass-1'
  const name = overrides.name ?? `Test User ${userCounter}`
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/users',
    ...(overrides.address ? { remoteAddress: overrides.address } : {}),
    payload: {
      name,
      email,
      password,
      confirmPassword: password,
      location: overrides.location ?? 'Colombo 07',
      district: overrides.district ?? 'Colombo',
      phone: overrides.phone ?? '0771234567',
      role: overrides.role ?? 'recipient',
      ...(overrides.donorType ? { donorType: overrides.donorType } : {}),
      ...(overrides.organisation ? { organisation: overrides.organisation } : {}),
      agreeToTerms: true,
    },
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  if (overrides.verifyEmail) await openVerificationLink(app, email)
  if (overrides.role === 'volunteer' && overrides.verified !== false) {
    await app.services.db
      .update(users)
      .set({ isVerified: true })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  }
  return { ...(await signIn(app, email, password, overrides.address)), name, password }
}

/** The token of the newest link of `path` (/verify-email, /sign-in-link) mailed to `email`. */
export async function mailedToken(app: App, email: string, path: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [mail] = await app.services.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, `%${path}?token=%`)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    if (mail) return new URL(mail.text.match(/https?:\/\/\S+\?token=\S+/)![0]).searchParams.get('token')!
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${path} link mailed to ${email}`)
}

/** Opens the e-mail verification link mailed to `email`. */
export async function openVerificationLink(app: App, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/email-verifications/confirm',
    payload: { token: await mailedToken(app, email, '/verify-email') },
  })
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.body}`)
}

export async function signIn(
  app: App,
  email: string,
  password: string,
  address?: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sessions',
    ...(address ? { remoteAddress: address } : {}),
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`)
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return { id: res.json().id, email, cookie }
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

/** A listing straight in the database (orders tests need listings, not the donate form). */
export async function insertListing(
  app: App,
  donorId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<typeof listings.$inferSelect> {
  const quantity = overrides.quantity ?? 10
  const [row] = await app.services.db
    .insert(listings)
    .values({
      donorId,
      title: 'Rice and curry packets',
      description: 'Cooked this morning',
      quantity,
      initialQuantity: overrides.initialQuantity ?? quantity,
      type: 'free',
      price: 0,
      pickupAddress: '12 Galle Road',
      pickupCity: 'Colombo',
      pickupDistrict: 'Colombo',
      // 30 hours, as e2e's listings: a delivery time (09:00 to 18:00) is always left before it.
      expiresAt: new Date(Date.now() + 30 * 3_600_000),
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      ...overrides,
      searchKey: searchKey(
        overrides.title ?? 'Rice and curry packets',
        overrides.description ?? 'Cooked this morning',
        overrides.pickupCity ?? 'Colombo',
      ),
    })
    .returning()
  return row!
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
