import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/form'
import { api } from '../../lib/api'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../lib/form-errors'
import { useErrorText } from '../../lib/use-error-text'

/**
 * Saves the event or story form: POST to `path` to create, PUT to `path/id` to edit. The raw form
 * values go to the server, which parses them with the same schema; its field errors go back on
 * their fields.
 */
export function useSaveMutation<T extends FieldValues>({
  path,
  id,
  invalidates,
  setError,
  onSaved,
}: {
  path: '/api/events' | '/api/stories'
  id: string | undefined
  invalidates: QueryKey
  setError: UseFormSetError<T>
  onSaved: () => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: T) =>
      id
        ? api(`${path}/${id}`, { method: 'PUT', body: values })
        : api(path, { method: 'POST', body: values }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invalidates })
      onSaved()
    },
    onError: (error) => {
      applyServerFieldErrors(error, setError)
    },
  })
}

/** The end of the form: why saving failed (unless the fields say it), Cancel and the submit button. */
export function FormDialogActions({
  error,
  pending,
  submitLabel,
  onCancel,
}: {
  error: Error | null
  pending: boolean
  submitLabel: string
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <>
      {error && !hasServerFieldErrors(error) && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errorText(error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          {t('community.cancel')}
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={pending}>
          {pending ? t('community.saving') : submitLabel}
        </button>
      </div>
    </>
  )
}
