import type { ErrorBody } from '../../shared/api-error'
import type { Upload } from '../../shared/schemas/uploads'
import { ApiError } from './api'

/** Uploads one image to POST /api/uploads, reporting progress from 0 to 1. */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/uploads')
    xhr.withCredentials = true
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(xhr.response as Upload)
      const body = (xhr.response as ErrorBody | null)?.error
      reject(
        new ApiError(
          xhr.status,
          body ?? { code: 'internal', message: 'Upload failed', key: 'errors.internal' },
        ),
      )
    }
    xhr.onerror = () =>
      reject(new ApiError(0, { code: 'network', message: 'Network error', key: 'errors.network' }))
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
