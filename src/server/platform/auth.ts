import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BetterAuthPlugin, betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'
import { fromNodeHeaders } from 'better-auth/node'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { and, eq, like, ne } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DEFAULT_REACH_KM } from '../../shared/delivery'
import type { Point } from '../../shared/geo'
import { MIN_PASSWORD_LENGTH, type Role } from '../../shared/reference-data'
import { pointOf } from '../../shared/schemas/point'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import { accounts, sessions, users, verifications } from '../db/schema'
import { notFound } from './errors'
import type { Passwords } from './passwords'

const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

/**
 * The only better-auth routes the app uses: Google sign-in and its way back. Everything else under
 * /api/auth is 404: sign-up, sign-in, resets and sign-out have our own routes (shared schemas, the
 * app's limits), and the rest (verify-password, change-password, update-user, delete-user, …) would
 * be password checks or account changes outside them
 * (docs/decisions/0045-hardening-after-outside-test.md).
 */
const ALLOWED_AUTH_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/auth\/sign-in\/social$/ },
  { method: 'GET', path: /^\/api\/auth\/(oauth2\/)?callback\/[\w-]+$/ },
  { method: 'POST', path: /^\/api\/auth\/(oauth2\/)?callback\/[\w-]+$/ },
  { method: 'GET', path: /^\/api\/auth\/error$/ },
]

export const isAllowedAuthRoute = (method: string, pathname: string) =>
  ALLOWED_AUTH_ROUTES.some((route) => route.method === method && route.path.test(pathname))

/**
 * better-auth reads the client's address from this header only, and we set it from request.ip, which
 * follows TRUST_PROXY: a client's own X-Forwarded-For never reaches better-auth's limits or sessions.
 */
const CLIENT_ADDRESS_HEADER = 'x-ahara-client-address'

/** The request's headers for better-auth, with the client's address as the app decided it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers)
  for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded']) headers.delete(name)
  headers.set(CLIENT_ADDRESS_HEADER, request.ip)
  return headers
}

export type AuthHooks = {
  /** Sends the password reset link; set by the accounts feature (mail in the user's language). */
  sendResetPassword?: (data: {
    user: { id: string; email: string; name: string }
    url: string
    token: string
  }) => Promise<void>
}

/**
 * The secret that signs session cookies. In embedded mode without SESSION_SECRET one is generated
 * once and kept in DATA_DIR, so restarts keep users signed in.
 */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.sessionSecret) return config.sessionSecret
  if (config.databaseUrl && config.env === 'production') throw new Error('SESSION_SECRET is required')
  mkdirSync(config.dataDir, { recursive: true })
  const file = join(config.dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export function createAuth(
  config: AppConfig,
  db: Database,
  secret: string,
  hooks: AuthHooks,
  passwords: Passwords,
) {
  return betterAuth({
    appName: 'Ahara',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
      transaction: true,
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        role: { type: 'string', required: false, input: true },
        donorType: { type: 'string', required: false, input: true },
        district: { type: 'string', required: false, input: true },
        location: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
        profileImageUrl: { type: 'string', required: false, input: true },
        isVerified: { type: 'boolean', required: false, input: true },
        language: { type: 'string', required: false, input: true },
        // A volunteer's reach (docs/decisions/0070-places-are-points.md): set on the profile only.
        homeLat: { type: 'number', required: false, input: false },
        homeLng: { type: 'number', required: false, input: false },
        reachKm: { type: 'number', required: false, input: false },
      },
    },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: passwords.hash, verify: passwords.verify },
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // One live reset link per user: a new link, or a completed reset, ends every other one.
      sendResetPassword: async (data) => {
        await revokeResetLinks(db, data.user.id, data.token)
        await hooks.sendResetPassword?.(data)
      },
      onPasswordReset: async ({ user }) => {
        await revokeResetLinks(db, user.id)
      },
    },
    // Google through OpenID Connect discovery, so tests (and staging) can point it at a local provider.
    // A new Google account arrives without a role: the web app asks for it ('Complete Sign Up').
    plugins: [
      sessionFromLink(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl ?? GOOGLE_DISCOVERY_URL,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  prompt: 'select_account',
                },
              ],
            }),
          ]
        : []),
    ],
    // Sign-in, sign-up and resets are limited on our own routes (features/users); this guards the rest.
    rateLimit: { enabled: config.env !== 'test', storage: 'memory', window: 60, max: 100 },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => randomBytes(16).toString('hex') },
    },
    trustedOrigins: [config.publicUrl],
  })
}

/**
 * A session for the account whose one-time sign-in link was just used (features/users, the link's
 * own checks made there): better-auth makes the session and its cookie as for any sign-in. Server
 * only, and outside ALLOWED_AUTH_ROUTES, so no request reaches it
 * (docs/decisions/0057-proved-email-and-sign-in-links.md).
 */
function sessionFromLink() {
  return {
    id: 'ahara-session-from-link',
    endpoints: {
      sessionFromLink: createAuthEndpoint(
        '/ahara/session-from-link',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId)
          if (!user) throw new APIError('NOT_FOUND')
          const session = await ctx.context.internalAdapter.createSession(user.id)
          await setSessionCookie(ctx, { session, user })
          return ctx.json({ ok: true })
        },
      ),
    },
  } satisfies BetterAuthPlugin
}

const RESET_PREFIX = 'reset-password:'

/** Deletes the user's outstanding reset links (better-auth keys them reset-password:<token>), but one. */
async function revokeResetLinks(db: Database, userId: string, exceptToken?: string) {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_PREFIX}%`),
        exceptToken ? ne(verifications.identifier, `${RESET_PREFIX}${exceptToken}`) : undefined,
      ),
    )
}

export type Auth = ReturnType<typeof createAuth>

export type SessionUser = {
  id: string
  name: string
  email: string
  role: Role | null
  district: string | null
  location: string | null
  phone: string | null
  image: string | null
  profileImageUrl: string | null
  language: string
  /** A moderator verified the volunteer (policy 'delivery.accept'). */
  isVerified: boolean
  /** Where they live, roughly, and how far they go as a volunteer (reachesBothEnds). */
  homePoint: Point | null
  reachKm: number
}

/** Forwards /api/auth/* to better-auth and decorates requests with the signed-in user. */
export function registerAuth(app: FastifyInstance, auth: Auth, addressLimit: object) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: addressLimit,
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`)
      if (!isAllowedAuthRoute(request.method, url.pathname)) throw notFound()
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      )
      reply.status(response.status)
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value)
      }
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null)
    },
  })

  // Without better-auth's session cookie a request is signed out: most public page views are, and
  // better-auth's own look-up (its request context, headers and hooks) is skipped for them.
  const sessionCookie = auth.$context.then((context) => context.authCookies.sessionToken.name)
  app.decorateRequest('sessionUser', null)
  app.decorateRequest('currentUser', async function currentUser(this: FastifyRequest) {
    if (this.sessionUser !== null) return this.sessionUser
    const session = this.headers.cookie?.includes(await sessionCookie)
      ? await auth.api.getSession({ headers: authHeaders(this) })
      : null
    if (!session) {
      this.sessionUser = undefined
      return undefined
    }
    // better-auth reads the user row with the session (the profile columns are its additional fields).
    const user = session.user
    this.sessionUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: (user.role ?? null) as Role | null,
      district: user.district ?? null,
      location: user.location ?? null,
      phone: user.phone ?? null,
      image: user.image ?? null,
      profileImageUrl: user.profileImageUrl ?? null,
      language: user.language ?? 'en',
      isVerified: user.isVerified === true,
      homePoint: pointOf(user.homeLat, user.homeLng),
      reachKm: user.reachKm ?? DEFAULT_REACH_KM,
    }
    return this.sessionUser
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    /** null = not looked up yet; undefined = signed out. */
    sessionUser: SessionUser | undefined | null
    currentUser(): Promise<SessionUser | undefined>
  }
}
