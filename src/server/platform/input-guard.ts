import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import { z } from 'zod'
import { badRequest } from './errors'

/**
 * NUL cannot be stored in a PostgreSQL text column, and a lone UTF-16 surrogate (half of a pair)
 * cannot be encoded as UTF-8: either would fail deep inside a query. Refused at the door instead.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function hasInvalidCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text)
}

/** Any string (object keys included) with invalid characters in a parsed body, query or params. */
export function containsInvalidCharacters(value: unknown): boolean {
  // Iterative: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (hasInvalidCharacters(item)) return true
    } else if (Array.isArray(item)) {
      pending.push(...item)
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (hasInvalidCharacters(key)) return true
        pending.push(child)
      }
    }
  }
  return false
}

/** The route's body schema takes a JSON object (a z.object, possibly refined or transformed). */
function expectsObject(schema: unknown): boolean {
  if (schema instanceof z.ZodObject) return true
  if (schema instanceof z.ZodPipe) return expectsObject(schema.in)
  return false
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

const refuseInvalidCharacters: preValidationHookHandler = async (request: FastifyRequest) => {
  if (
    containsInvalidCharacters(request.params) ||
    containsInvalidCharacters(request.query) ||
    containsInvalidCharacters(request.body)
  ) {
    throw badRequest('errors.invalidCharacters')
  }
}

/**
 * `null`, a list, a bare value or a multipart form where a JSON object is expected would reach the
 * schema's refinements, which read fields of the body.
 */
const refuseNonObjectBody: preValidationHookHandler = async (request: FastifyRequest) => {
  if (!isPlainObject(request.body)) throw badRequest('errors.bodyNotObject')
}

/**
 * Refuses, with 400, input no route can use: text with NUL or lone surrogates anywhere in the body,
 * query or path, and a body that is not a JSON object on routes whose schema takes one. Register it
 * before the routes: the object check is added to each route after its own preValidation hooks, so
 * a route still answers who may call it (401, 403) first.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', refuseInvalidCharacters)
  app.addHook('onRoute', (route) => {
    if (!expectsObject(route.schema?.body)) return
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat()
    route.preValidation = [...own, refuseNonObjectBody]
  })
}
