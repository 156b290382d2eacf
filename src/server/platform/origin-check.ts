import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppConfig } from '../config'
import { forbidden } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a browser origin is the app's own. Demo mode listens on loopback only, so any loopback
 * origin is the app (localhost and 127.0.0.1 alike, and Vite's dev server on its own port).
 */
export function isOwnOrigin(origin: string, config: AppConfig): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.origin === new URL(config.publicUrl).origin) return true
  return config.demo && parsed.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(parsed.hostname)
}

/** The Origin of a request, or the origin of its Referer when a browser sent no Origin. */
function requestOrigin(request: FastifyRequest): string | undefined {
  if (request.headers.origin) return request.headers.origin
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}

/**
 * Cross-site request forgery: every state-changing request, ours and better-auth's, must come from
 * the app's own pages. A request with neither Origin nor Referer is refused too; SameSite=Lax
 * cookies stay as a second layer (docs/decisions/0004-csrf.md).
 */
export function registerOriginCheck(app: FastifyInstance, config: AppConfig) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = requestOrigin(request)
    if (!origin || !isOwnOrigin(origin, config)) throw forbidden('errors.crossOrigin')
  })
}
