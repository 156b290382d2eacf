import { isIP } from 'node:net'
import { z } from 'zod'

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
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  API_DOCS: booleanFlag.optional(),
  /** Sign-in, sign-up and reset attempts per minute per client address, on each instance. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  seedDemo: boolean
  trustProxy: false | number | string[]
  apiDocs: boolean
  authRateLimit: number
  logLevel: Env['LOG_LEVEL']
}

export class ConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`
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
  if (!demo && env.DATABASE_URL && !env.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required in production with DATABASE_URL')
  }
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
    seedDemo: demo && (env.SEED_DEMO ?? true),
    trustProxy: env.TRUST_PROXY ?? false,
    apiDocs: env.API_DOCS ?? demo,
    authRateLimit: env.AUTH_RATE_LIMIT,
    logLevel: env.LOG_LEVEL,
  }
}
