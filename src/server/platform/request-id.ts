import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

export const REQUEST_ID_HEADER = 'x-request-id'

/** Up to 200 characters a log line and a header carry safely: no spaces, quotes or control characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:/+=@-]{1,200}$/

/**
 * The request's id (Fastify's genReqId): the proxy's X-Request-Id when it is safe, else a new UUID,
 * so one id follows a request through the proxy's log and ours. An unchecked id would let a client
 * forge log lines or overflow headers.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/** Answers every response, streams and errors included, with the request's id. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    // On the raw response: the live-update stream writes its head itself.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id)
  })
}
