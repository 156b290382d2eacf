import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

type ApiFieldError = ApiError & { fields: NonNullable<ApiError['fields']> }

/** True when the server put its errors by fields: the form shows them there, not as a whole. */
export function hasServerFieldErrors(error: unknown): error is ApiFieldError {
  return error instanceof ApiError && Boolean(error.fields)
}

/**
 * Puts the server's field errors by their fields. Returns true when every error found a field;
 * otherwise the caller shows the error as a whole.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!hasServerFieldErrors(error)) return false
  for (const [field, detail] of Object.entries(error.fields)) {
    setError(field as Path<T>, { type: 'server', message: detail.key })
  }
  return true
}
