import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { moderationReasonSchema } from '../../../shared/schemas/moderation'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, SubmitButton, TextAreaField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'

/**
 * Every moderator's decision asks why: the reason is recorded in the audit log and read by the
 * person concerned. The dialog checks the reason, sends it, and shows a failure; `children` are the
 * fields a decision asks besides (how long a suspension holds).
 */
export function ReasonDialog({
  title,
  description,
  hint,
  confirm,
  send,
  onSent,
  onClose,
  children,
}: {
  title: string
  description: string
  hint: string
  confirm: string
  send: (reason: string) => Promise<unknown>
  onSent: () => Promise<void>
  onClose: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const mutation = useMutation({ mutationFn: send, onSuccess: onSent })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = moderationReasonSchema.safeParse(reason)
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message)
    if (parsed.success) mutation.mutate(parsed.data)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {children}
        <TextAreaField
          label={t('moderating.actions.reason')}
          hint={hint}
          required
          value={reason}
          error={fieldError}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
        />
        {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <SubmitButton busy={mutation.isPending} busyLabel={t('moderating.actions.sending')}>
            {confirm}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
