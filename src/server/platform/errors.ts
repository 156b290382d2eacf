import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { type ErrorBody, errorResponseSchema } from '../../shared/api-error'
import { english } from './i18n'

/**
 * An error meant for the client. `message` is an i18n key (or a plain English text); the response
 * carries both the key and its English text so the web app can show the user's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, string | number>,
    /** Sent as Retry-After with a 429. */
    readonly retryAfterSeconds?: number,
    /** The field the message belongs to, as a schema's refusal names it (forms show it there). */
    readonly field?: string,
    /** More for the client to act on (a run's suggested order). */
    readonly details?: Pick<ErrorBody['error'], 'suggestedOrder'>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, params?: Record<string, string | number>) =>
  new AppError(400, 'bad_request', message, params)
/**
 * A 400 on one field, shaped like the schema's own refusals, for checks only the server can make
 * (e.g. a category that needs the cooked-food clock).
 */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'validation_failed', message, undefined, undefined, field)
export const unauthorized = (message = 'errors.signInRequired') => new AppError(401, 'unauthorized', message)
export const forbidden = (message = 'errors.forbidden') => new AppError(403, 'forbidden', message)
export const notFound = (message = 'errors.notFound') => new AppError(404, 'not_found', message)
export const conflict = (message: string, params?: Record<string, string | number>) =>
  new AppError(409, 'conflict', message, params)

/** The error answers a route documents, by status code, all of the one error shape (src/shared/api-error.ts). */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    C,
    typeof errorResponseSchema
  >
}

export function errorBody(code: string, key: string, params?: Record<string, string | number>): ErrorBody {
  return { error: { code, message: english(key, params), key, ...(params ? { params } : {}) } }
}

const CODES_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
}

/** These statuses answer with our i18n keys, whatever raised them. */
const KEYS_BY_STATUS: Record<number, string> = {
  413: 'errors.tooLarge',
  415: 'errors.unsupportedMediaType',
  429: 'errors.rateLimited',
}

/**
 * Fastify's own 4xx errors and plugins' carry English sentences, never shown as they are: a known
 * client mistake gets its key, any other its status's general key.
 */
const KEYS_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.invalidJson',
}
const GENERAL_KEYS_BY_STATUS: Record<number, string> = {
  401: 'errors.signInRequired',
  403: 'errors.forbidden',
  404: 'errors.notFound',
}

/** Seconds a client is asked to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5
/** Socket errors of a database that is down or unreachable (node-postgres passes them on). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed/

/**
 * Whether an error means the database cannot be reached, rather than a mistake in a query: the
 * socket's errors, PostgreSQL's connection exceptions (class 08), shutdown and "cannot connect now"
 * (57P01-57P03), too many connections (53300), and a closed pool or PGlite. Drizzle wraps the
 * driver's error, so the causes are walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300') {
        return true
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/** Every error becomes the one JSON error shape; a stack trace never leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, { key: string; message: string }> = {}
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(error.validationContext)
        fields[path] ??= {
          key: issue.message ?? 'errors.invalid',
          message: english(issue.message ?? 'errors.invalid'),
        }
      }
      const first = Object.values(fields)[0]
      const response = errorBody('validation_failed', first?.key ?? 'errors.invalid')
      response.error.fields = fields
      return reply.status(400).send(response)
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds))
      const body = errorBody(error.code, error.message, error.params)
      if (error.field)
        body.error.fields = { [error.field]: { key: error.message, message: english(error.message) } }
      if (error.details) Object.assign(body.error, error.details)
      return reply.status(error.statusCode).send(body)
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
      return reply.status(500).send(errorBody('internal', 'errors.internal'))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = CODES_BY_STATUS[status] ?? 'bad_request'
      const key =
        KEYS_BY_FASTIFY_CODE[error.code] ??
        KEYS_BY_STATUS[status] ??
        (english(error.message) !== error.message ? error.message : undefined) ??
        GENERAL_KEYS_BY_STATUS[status] ??
        'errors.badRequest'
      return reply.status(status).send(errorBody(code, key))
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients (and the web app's retries) are told to come back shortly.
      request.log.error({ err: error }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return reply.status(503).send(errorBody('unavailable', 'errors.databaseUnavailable'))
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send(errorBody('internal', 'errors.internal'))
  })
}
