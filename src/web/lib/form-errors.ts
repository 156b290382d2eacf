import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Puts the server's field errors by their fields. Returns true when every error found a field;
 * otherwise the caller shows the error as a whole.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false
  for (const [field, detail] of Object.entries(error.fields)) {
    setError(field as Path<T>, { type: 'server', message: detail.key })
  }
  return true
}
