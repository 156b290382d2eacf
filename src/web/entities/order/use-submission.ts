import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { invalidateForChange } from '../../lib/realtime'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'

/** The server's answers to an order on food someone else took (or that expired) meanwhile. */
const GONE_KEYS = new Set([
  'listings.errors.notAvailable',
  'listings.errors.expired',
  'listings.errors.notFound',
])

/**
 * The common life of an order dialog: send, show the success text and refresh the lists; the dialog
 * stays open on its outcome until the user closes it. Field errors go by their fields; losing the
 * race for the food sets `gone`; other errors show the server's reason ('This needs a connection'
 * offline) or the dialog's generic failure text.
 */
export function useOrderSubmission<T extends FieldValues>(setError: UseFormSetError<T>, failureKey: string) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [success, setSuccess] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [gone, setGone] = useState(false)

  async function submit(send: () => Promise<unknown>, successText: string) {
    setFailure(null)
    try {
      await send()
      setSuccess(successText)
      await Promise.all(
        ['listings', 'orders', 'deliveries'].map((table) => invalidateForChange(queryClient, table)),
      )
    } catch (error) {
      if (applyServerFieldErrors(error, setError)) return
      if (error instanceof ApiError && error.key && GONE_KEYS.has(error.key)) {
        setGone(true)
        return
      }
      setFailure(
        error instanceof ApiError && ((error.status > 0 && error.status < 500) || error.code === 'offline')
          ? errorText(error)
          : t(failureKey),
      )
    }
  }

  return { success, failure, gone, submit }
}
