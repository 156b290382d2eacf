import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { moderationReasonSchema } from '../../../shared/schemas/moderation'
import { Dialog } from '../../components/ui/Dialog'
import { api } from '../../lib/api'
import { moderationKeys } from './api'
import { ReasonAndSubmit } from './ReasonAndSubmit'

/**
 * Refusing to verify a volunteer or an organisation needs a reason: the account reads it on its
 * dashboard, and the audit log keeps it.
 */
export function RefuseDialog({
  url,
  title,
  description,
  hint,
  confirm,
  onClose,
  onDone,
}: {
  url: string
  title: string
  description: string
  hint: string
  confirm: string
  onClose: () => void
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const mutation = useMutation({
    mutationFn: (body: { reason: string }) => api(url, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all })
      onDone()
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = moderationReasonSchema.safeParse(reason)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]!.message)
      return
    }
    setFieldError(undefined)
    mutation.mutate({ reason: parsed.data })
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <ReasonAndSubmit
          hint={hint}
          reason={reason}
          onReasonChange={setReason}
          fieldError={fieldError}
          failure={mutation.isError ? mutation.error : null}
          busy={mutation.isPending}
          confirm={confirm}
        />
      </form>
    </Dialog>
  )
}
