import type { ErrorBody } from '../../shared/api-error'
import type { Upload } from '../../shared/schemas/uploads'
import { ApiError, noAnswerError } from './api'

/**
 * Uploads one image with XMLHttpRequest, whose upload events give a progress bar (fetch has none).
 * Rejects with an ApiError like api(), or with an AbortError when `signal` aborts the upload.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError')
    if (signal?.aborted) {
      reject(aborted())
      return
    }
    const xhr = new XMLHttpRequest()
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.onabort = () => reject(aborted())
    xhr.open('POST', '/api/uploads')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(body as Upload)
        return
      }
      const error = (body as ErrorBody | undefined)?.error
      reject(
        new ApiError(
          xhr.status,
          error ?? {
            code: xhr.status === 413 ? 'payload_too_large' : 'internal',
            message: xhr.statusText,
            key: xhr.status === 413 ? 'errors.tooLarge' : 'errors.internal',
          },
        ),
      )
    }
    xhr.onerror = () => reject(noAnswerError())
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}

/** Whether an upload ended because its signal aborted it (the user cancelled, or the form closed). */
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'
