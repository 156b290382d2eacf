import type { ErrorBody } from '../../shared/api-error'
import { isOffline, reportNetworkAnswer, reportStoredAnswer } from './offline'
import { FETCHED_AT_HEADER, FROM_CACHE_HEADER } from './offline-cache'

/**
 * An error answer of the API (src/shared/api-error.ts), or no answer (status 0): code 'offline' when
 * the phone has no connection, 'network' when the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly key: string | undefined
  readonly params: Record<string, string | number> | undefined
  readonly fields: Record<string, { key: string; message: string }> | undefined
  readonly suggestedOrder: ErrorBody['error']['suggestedOrder']

  constructor(status: number, body: ErrorBody['error']) {
    super(body.message)
    this.status = status
    this.code = body.code
    this.key = body.key
    this.params = body.params
    this.fields = body.fields
    this.suggestedOrder = body.suggestedOrder
  }
}

type RequestOptions = {
  method?: string
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** The error of a request that needs the network while the phone has none. */
export function offlineError(): ApiError {
  return new ApiError(0, {
    code: 'offline',
    message: 'You are offline. This needs a connection.',
    key: 'errors.offline',
  })
}

/** A request that got no answer: offline, or the server is unreachable. */
export function noAnswerError(): ApiError {
  if (isOffline()) return offlineError()
  return new ApiError(0, { code: 'network', message: 'Could not reach Ahara.', key: 'errors.network' })
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = options.body instanceof FormData
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  // A write never reaches the server offline: say so at once instead of waiting for the failure.
  // Reads go on: the service worker may answer them from its cache (src/web/sw.ts).
  if (method !== 'GET' && isOffline()) throw offlineError()
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw noAnswerError()
  }
  if (response.headers.has(FROM_CACHE_HEADER)) {
    reportStoredAnswer(new Date(response.headers.get(FETCHED_AT_HEADER) ?? ''))
  } else {
    reportNetworkAnswer()
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  const data = text ? safeJson(text) : undefined
  if (!response.ok) {
    const error = (data as ErrorBody | undefined)?.error
    throw new ApiError(
      response.status,
      error ?? { code: 'internal', message: response.statusText, key: 'errors.internal' },
    )
  }
  return data as T
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
