import { createECDH } from 'node:crypto'
import { isIP } from 'node:net'
import { z } from 'zod'
import { FAIR_USE_LIMITS, type FairUseLimits } from '../shared/fair-use'
import { FIRST_REFUSAL, type FirstRefusalRule } from '../shared/first-refusal'

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.test(new URL(value).protocol)
      } catch {
        return false
      }
    }, hint)
    .optional()

/**
 * A hop count ("1") or a comma-separated list of proxy addresses and CIDRs ("10.0.0.0/8, 127.0.0.1").
 * `true` (trust every hop) is refused: anyone could then choose their own address with
 * X-Forwarded-For and escape every limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['0', 'off', 'false', 'no'].includes(value)) return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isAddressOrCidr)) return entries
    ctx.addIssue({
      code: 'custom',
      message: 'must be off, a hop count, or a comma-separated list of addresses/CIDRs',
    })
    return z.NEVER
  })

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  const family = isIP(address ?? '')
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Production storage and shared state for several instances (docs/decisions/0023-storage-on-s3.md,
 * 0024-shared-limits.md): uploads in an S3-compatible bucket, budgets in Redis.
 */
const sharedStateEnv = {
  S3_BUCKET: z.string().trim().min(3, 'must be a bucket name').optional(),
  /** Unset for AWS itself; the address of MinIO, R2, Spaces and the like. */
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO-style endpoints) instead of the host name. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

type SharedStateConfig = {
  s3:
    | {
        bucket: string
        endpoint: string | undefined
        region: string
        accessKeyId: string
        secretAccessKey: string
        forcePathStyle: boolean
      }
    | undefined
  redisUrl: string | undefined
}

/** S3 is all or nothing: a partial set would silently keep uploads on one instance's disk. */
function sharedStateConfig(env: Env, problems: string[]): SharedStateConfig {
  const given = Object.keys(sharedStateEnv).filter(
    (name) => name.startsWith('S3_') && env[name as keyof Env] !== undefined,
  )
  const missing = S3_REQUIRED.filter((name) => env[name] === undefined)
  if (given.length > 0 && missing.length > 0) {
    problems.push(
      `${missing.join(', ')} must be set too: object storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_ENDPOINT and S3_FORCE_PATH_STYLE optional), or none of them for the local folder`,
    )
  }
  return {
    s3:
      given.length > 0 && missing.length === 0
        ? {
            bucket: env.S3_BUCKET!,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    redisUrl: env.REDIS_URL,
  }
}

const fairUseNumber = z.coerce
  .number('must be a whole number from 1 to 1000')
  .int('must be a whole number from 1 to 1000')
  .min(1, 'must be a whole number from 1 to 1000')
  .max(1000, 'must be a whole number from 1 to 1000')
  .optional()
/** ADMIN_EMAILS: e-mails separated by commas, each a moderator from sign-up (docs/decisions/0054-organisations-and-their-limits.md). */
const adminEmailsSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be e-mail addresses separated by commas')))

/** Base64url without padding, as web-push and the browsers' applicationServerKey take it. */
const base64urlKey = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `must be ${what}: ${bytes} bytes in base64url without padding (npx web-push generate-vapid-keys)`,
    )

/**
 * Web push (docs/decisions/0034-web-push.md): the VAPID key pair, or none of it to keep a generated
 * pair in DATA_DIR. The subject is how a push service reaches the operator.
 */
const vapidEnv = {
  VAPID_PUBLIC_KEY: base64urlKey(65, 'a P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64urlKey(32, 'a P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'https:' || (url.protocol === 'mailto:' && url.pathname.includes('@'))
      } catch {
        return false
      }
    }, 'must be a mailto: address or an https:// URL')
    .optional(),
}

export type VapidKeys = { publicKey: string; privateKey: string }

/** The pair from the environment, checked to belong together; undefined when neither is set. */
function vapidKeysFromEnv(env: Env, problems: string[]): VapidKeys | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env
  if (!publicKey && !privateKey) return undefined
  if (!publicKey || !privateKey) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
    return undefined
  }
  const ecdh = createECDH('prime256v1')
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
  } catch {
    problems.push('VAPID_PRIVATE_KEY=(hidden): is not a valid P-256 private key')
    return undefined
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
    return undefined
  }
  return { publicKey, privateKey }
}

/**
 * SMS over SMPP 3.4 (docs/decisions/0051-sms-over-smpp.md): the SMSC's address with the account
 * the operator gave (system_id and password in the URL's user and password), the sender id
 * phones show, and how many messages a second the SMSC takes.
 */
const smsEnv = {
  SMS_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'smpp:' && url.hostname !== '' && url.username !== '' && url.port !== ''
      } catch {
        return false
      }
    }, 'must be smpp://<system_id>:<password>@<host>:<port>')
    .optional(),
  /** An alphanumeric sender id of at most 11 characters (e.g. Ahara), or a number of up to 15 digits. */
  SMS_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/,
      'must be a sender id of 1 to 11 letters and digits, or a number',
    )
    .optional(),
  SMS_PER_SECOND: z.coerce
    .number('must be a whole number from 1 to 1000')
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(10),
  /** Verification codes an hour over the whole service: the operator's bill has a ceiling (0059). */
  SMS_MAX_PER_HOUR: z.coerce
    .number('must be a whole number from 1 to 100000')
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(500),
}

export type SmsConfig = { url: string; from: string; perSecond: number }

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number('must be a port number from 0 to 65535')
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65_535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Ahara <no-reply@ahara.lk>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@ahara.lk'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Overrides Google's discovery document; tests point it at a local OpenID Connect provider. */
  GOOGLE_DISCOVERY_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  /** The footer's social links, each shown only when set. */
  SOCIAL_FACEBOOK_URL: optionalUrl(/^https:$/, 'must be an https:// URL'),
  SOCIAL_INSTAGRAM_URL: optionalUrl(/^https:$/, 'must be an https:// URL'),
  SOCIAL_TWITTER_URL: optionalUrl(/^https:$/, 'must be an https:// URL'),
  /**
   * The map's tile address with {z}, {x} and {y} (and optionally {s}); OpenStreetMap's standard
   * tiles unless set (docs/decisions/0072-the-map-view.md).
   */
  MAP_TILES_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value.replace('{s}', 'a'))
        return /^https?:$/.test(url.protocol) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part))
      } catch {
        return false
      }
    }, 'must be an http:// or https:// URL with {z}, {x} and {y}')
    .optional(),
  /** The credit the tiles' licence asks for, shown on every map. */
  MAP_TILES_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  API_DOCS: booleanFlag.optional(),
  /**
   * Failed sign-ins per minute per client address (successes are free: carrier NAT); sign-ups and
   * resets get 3×, all sign-in requests 30× (platform/limits.ts addressLimitsOf, decision 0045).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Operations (docs/decisions/0022-production-build.md): /metrics behind a bearer token, or on a port of its own.
  METRICS_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce
    .number('must be a port number from 0 to 65535')
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65_535, 'must be a port number from 0 to 65535')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Fair use (src/shared/fair-use.ts, docs/decisions/0038-trust-ratings-fair-use.md): each overrides its default.
  FAIR_USE_MAX_OPEN_ORDERS: fairUseNumber,
  FAIR_USE_MAX_DAILY_FREE_PORTIONS: fairUseNumber,
  FAIR_USE_NO_SHOWS_TO_PAUSE: fairUseNumber,
  FAIR_USE_NO_SHOW_WINDOW_DAYS: fairUseNumber,
  FAIR_USE_PAUSE_DAYS: fairUseNumber,
  /** Accounts that are moderators from sign-up, and are made moderators at start if they exist. */
  ADMIN_EMAILS: adminEmailsSchema.optional(),
  // First refusal (src/shared/first-refusal.ts, docs/decisions/0055-first-refusal.md).
  FIRST_REFUSAL_SERVINGS: fairUseNumber,
  FIRST_REFUSAL_MINUTES: fairUseNumber,
  ...sharedStateEnv,
  ...vapidEnv,
  ...smsEnv,
})

export type Env = z.infer<typeof envSchema>

export type AppConfig = {
  env: Env['NODE_ENV']
  /**
   * Demo mode (NODE_ENV development or test): the demo community with its published password and
   * the dev mailbox. Only on loopback with the embedded database (docs/decisions/0002-modes.md).
   */
  demo: boolean
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  publicUrl: string
  sessionSecret: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  supportEmail: string
  google: { clientId: string; clientSecret: string; discoveryUrl: string | undefined } | undefined
  /** The footer's social links; null hides one. */
  social: SocialLinks
  /** Where the map's tiles come from and the credit shown with them. */
  mapTiles: MapTiles
  seedDemo: boolean
  trustProxy: false | number | string[]
  apiDocs: boolean
  authRateLimit: number
  logLevel: Env['LOG_LEVEL']
  /** /metrics on the app's port with `Authorization: Bearer <token>`, and/or on a port of its own without one. */
  metrics: { token: string | undefined; port: number | undefined; host: string }
  /** How much one person may order (src/shared/fair-use.ts). */
  fairUse: FairUseLimits
  /** Lower-cased e-mails of the accounts that are moderators from sign-up (ADMIN_EMAILS). */
  adminEmails: string[]
  /** Which free listings verified organisations see first, and for how long (src/shared/first-refusal.ts). */
  firstRefusal: FirstRefusalRule
  /** Web push: the key pair from the environment (else kept in DATA_DIR) and the contact push services see. */
  vapid: { keys: VapidKeys | undefined; subject: string }
  /** SMS: the SMSC and sender id; undefined without SMS_URL (no SMS is sent, nothing else changes). */
  sms: SmsConfig | undefined
  /** Verification codes an hour over the whole service (SMS_MAX_PER_HOUR; docs/decisions/0059-limits-before-work.md). */
  smsMaxPerHour: number
} & SharedStateConfig

export type MapTiles = { url: string; attribution: string }

/** OpenStreetMap's standard tiles, credited as their tile usage policy asks. */
export const OSM_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
}

/** The origin the map's images come from, for the Content-Security-Policy's img-src. */
export function tilesOrigin(tiles: MapTiles): string {
  // "{s}" stands for a subdomain letter: every subdomain of that host.
  const url = new URL(tiles.url.replace('{s}', 'a'))
  return tiles.url.includes('{s}')
    ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`
    : url.origin
}

export type SocialLinks = { facebook: string | null; instagram: string | null; twitter: string | null }

export class ConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      // Secrets are named, never printed: start errors end up in logs.
      const shown = /SECRET|TOKEN|PRIVATE|SMS_URL/.test(name)
        ? '(hidden)'
        : JSON.stringify(present[name] ?? '')
      return `  ${name}=${shown}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const problems: string[] = []
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together')
  }
  const demo = env.NODE_ENV !== 'production'
  const host = env.HOST ?? (demo ? 'localhost' : '0.0.0.0')
  if (demo) {
    // Demo accounts share a published password and the mailbox shows reset links: nothing of it
    // may be reachable from another machine, whatever else is set.
    const mode = `NODE_ENV=${env.NODE_ENV} (demo mode)`
    if (!LOOPBACK_HOSTS.has(host))
      problems.push(`HOST must be a loopback address in ${mode}; set NODE_ENV=production to serve a network`)
    if (env.DATABASE_URL) problems.push(`DATABASE_URL cannot be used in ${mode}; set NODE_ENV=production`)
    if (env.PUBLIC_URL?.startsWith('https:'))
      problems.push(`PUBLIC_URL cannot be https in ${mode}; set NODE_ENV=production`)
  } else if (env.SEED_DEMO) {
    problems.push(
      'SEED_DEMO=1 is only for demo mode (NODE_ENV=development); production never has demo accounts',
    )
  }
  const sharedState = sharedStateConfig(env, problems)
  const vapidKeys = vapidKeysFromEnv(env, problems)
  if (!demo && env.DATABASE_URL && !env.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required in production with DATABASE_URL')
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    problems.push('METRICS_PORT must differ from PORT (or leave it unset and use METRICS_TOKEN)')
  }
  if (demo && env.METRICS_PORT !== undefined && !LOOPBACK_HOSTS.has(env.METRICS_HOST)) {
    problems.push(`METRICS_HOST must be a loopback address in NODE_ENV=${env.NODE_ENV} (demo mode)`)
  }
  if (env.SMS_URL && !env.SMS_FROM)
    problems.push('SMS_FROM must be set with SMS_URL: the sender id phones show')
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`)
  }
  return {
    env: env.NODE_ENV,
    demo,
    port: env.PORT,
    host,
    databaseUrl: env.DATABASE_URL,
    // A separate default folder, so a production start never opens the demo's database.
    dataDir: env.DATA_DIR ?? (demo ? './data/demo' : './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    social: {
      facebook: env.SOCIAL_FACEBOOK_URL ?? null,
      instagram: env.SOCIAL_INSTAGRAM_URL ?? null,
      twitter: env.SOCIAL_TWITTER_URL ?? null,
    },
    mapTiles: env.MAP_TILES_URL
      ? { url: env.MAP_TILES_URL, attribution: env.MAP_TILES_ATTRIBUTION ?? OSM_TILES.attribution }
      : OSM_TILES,
    seedDemo: demo && (env.SEED_DEMO ?? true),
    trustProxy: env.TRUST_PROXY ?? false,
    apiDocs: env.API_DOCS ?? demo,
    authRateLimit: env.AUTH_RATE_LIMIT,
    logLevel: env.LOG_LEVEL,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    fairUse: {
      maxOpenOrders: env.FAIR_USE_MAX_OPEN_ORDERS ?? FAIR_USE_LIMITS.maxOpenOrders,
      maxDailyFreePortions: env.FAIR_USE_MAX_DAILY_FREE_PORTIONS ?? FAIR_USE_LIMITS.maxDailyFreePortions,
      noShowsToPause: env.FAIR_USE_NO_SHOWS_TO_PAUSE ?? FAIR_USE_LIMITS.noShowsToPause,
      noShowWindowDays: env.FAIR_USE_NO_SHOW_WINDOW_DAYS ?? FAIR_USE_LIMITS.noShowWindowDays,
      pauseDays: env.FAIR_USE_PAUSE_DAYS ?? FAIR_USE_LIMITS.pauseDays,
    },
    adminEmails: env.ADMIN_EMAILS ?? [],
    firstRefusal: {
      minServings: env.FIRST_REFUSAL_SERVINGS ?? FIRST_REFUSAL.minServings,
      minutes: env.FIRST_REFUSAL_MINUTES ?? FIRST_REFUSAL.minutes,
    },
    vapid: { keys: vapidKeys, subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}` },
    sms:
      env.SMS_URL && env.SMS_FROM
        ? { url: env.SMS_URL, from: env.SMS_FROM, perSecond: env.SMS_PER_SECOND }
        : undefined,
    smsMaxPerHour: env.SMS_MAX_PER_HOUR,
    ...sharedState,
  }
}
