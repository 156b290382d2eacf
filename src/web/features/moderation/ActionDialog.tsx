import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { moderationReasonSchema, SUSPENSION_DAYS } from '../../../shared/schemas/moderation'
import { Dialog } from '../../components/ui/Dialog'
import { SelectField } from '../../components/ui/form'
import { api } from '../../lib/api'
import { useTranslation } from '../../lib/translation'
import { ReasonAndSubmit } from './ReasonAndSubmit'

/** A moderator's action: its request, and the words of its dialog (i18n keys under moderation.actions.<kind>). */
export type PendingAction = {
  kind: 'hide' | 'unhide' | 'dismiss' | 'warn' | 'suspend' | 'lift'
  /** Who or what it is about, as the dialog names it. */
  subject: string
  path: string
  body: Record<string, unknown>
}

/**
 * Asks the moderator why (every action is recorded with its reason and tells the user concerned),
 * and for how long a suspension holds; then sends the action and refreshes the moderation lists.
 */
export function ActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: PendingAction
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [days, setDays] = useState<string>('7')
  const [fieldError, setFieldError] = useState<string>()
  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => api(action.path, { method: 'POST', body }),
    onSuccess: async () => {
      // The action changes public lists too (a hidden listing leaves Find Food).
      await queryClient.invalidateQueries()
      onDone(t(`moderation.actions.${action.kind}.done`, { subject: action.subject }))
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
    const body: Record<string, unknown> = { ...action.body, reason: parsed.data }
    if (action.kind === 'suspend') body.days = days === 'permanent' ? null : Number(days)
    mutation.mutate(body)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`moderation.actions.${action.kind}.title`)}
      description={t(`moderation.actions.${action.kind}.description`, { subject: action.subject })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {action.kind === 'suspend' && (
          <SelectField
            label={t('moderation.actions.suspend.period')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          >
            {SUSPENSION_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('moderation.actions.suspend.days', { count: d })}
              </option>
            ))}
            <option value="permanent">{t('moderation.actions.suspend.permanent')}</option>
          </SelectField>
        )}
        <ReasonAndSubmit
          hint={t('moderation.actions.reasonHint')}
          reason={reason}
          onReasonChange={setReason}
          fieldError={fieldError}
          failure={mutation.isError ? mutation.error : null}
          busy={mutation.isPending}
          confirm={t(`moderation.actions.${action.kind}.confirm`)}
        />
      </form>
    </Dialog>
  )
}
