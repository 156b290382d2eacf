import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { invalidateForChange } from '../../lib/realtime'
import { useErrorText } from '../../lib/use-error-text'

/**
 * The common life of an order dialog: send, show the success text, refresh the lists, close after
 * a pause (2 s). Field errors go by their fields; other errors show the server's reason
 * or the dialog's generic failure text.
 */
export function useOrderSubmission<T extends FieldValues>(
  setError: UseFormSetError<T>,
  failureKey: string,
  onClose: () => void,
  closeAfterMs = 2000,
) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [success, setSuccess] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    if (!success) return
    const timer = setTimeout(() => close.current(), closeAfterMs)
    return () => clearTimeout(timer)
  }, [success, closeAfterMs])

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
      setFailure(
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? errorText(error)
          : t(failureKey),
      )
    }
  }

  return { success, failure, submit }
}
