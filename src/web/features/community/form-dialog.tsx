import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEventHandler, ReactNode } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { Dialog } from '../../components/ui/Dialog'
import { buttonClass } from '../../components/ui/form'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../lib/form-errors'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { communityApi } from './api'

/**
 * Saves the event or story form: created without an id, edited with one. The raw form
 * values go to the server, which parses them with the same schema; its field errors go back on
 * their fields.
 */
export function useSaveMutation<T extends FieldValues>({
  resource,
  id,
  invalidates,
  setError,
  onSaved,
}: {
  resource: 'events' | 'stories'
  id: string | undefined
  invalidates: QueryKey
  setError: UseFormSetError<T>
  onSaved: () => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: T) => communityApi.save(resource, id, values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invalidates })
      onSaved()
    },
    onError: (error) => {
      applyServerFieldErrors(error, setError)
    },
  })
}

/**
 * The event or story form in its dialog, ending with why saving failed (unless the fields say it),
 * Cancel and the submit button.
 */
export function FormDialog({
  title,
  open,
  onOpenChange,
  onSubmit,
  save,
  submitLabel,
  children,
}: {
  title: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: FormEventHandler<HTMLFormElement>
  save: { error: Error | null; isPending: boolean }
  submitLabel: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <Dialog size="lg" open={open} onOpenChange={onOpenChange} title={title}>
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        {children}
        {save.error && !hasServerFieldErrors(save.error) && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorText(save.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={() => onOpenChange(false)}>
            {t('community.cancel')}
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? t('community.saving') : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
