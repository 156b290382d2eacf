import type { ErrorBody } from '../../shared/api-error'

/** An error answer of the API (src/shared/api-error.ts), or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly key: string | undefined
  readonly params: Record<string, string | number> | undefined
  readonly fields: Record<string, { key: string; message: string }> | undefined

  constructor(status: number, body: ErrorBody['error']) {
    super(body.message)
    this.status = status
    this.code = body.code
    this.key = body.key
    this.params = body.params
    this.fields = body.fields
  }
}

type RequestOptions = {
  method?: string
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = options.body instanceof FormData
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
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
    throw new ApiError(0, { code: 'network', message: 'Could not reach Ahara.', key: 'errors.network' })
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
