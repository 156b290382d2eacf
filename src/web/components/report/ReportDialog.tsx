import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '../../../shared/reference-data'
import { reportInputSchema } from '../../../shared/schemas/moderation'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { RadioChoices } from '../ui/Choices'
import { Dialog } from '../ui/Dialog'
import { Alert, Button, SubmitButton, TextAreaField } from '../ui/form'
import { reportApi } from './api'

export type ReportTarget = { type: ReportTargetType; id: string }

/**
 * Reporting a listing, story, event or user to the moderators: a reason from the fixed list and an
 * optional note. Once sent, the dialog thanks the reporter (the bell says so too).
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [reason, setReason] = useState<ReportReason | ''>('')
  const [note, setNote] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const mutation = useMutation({
    mutationFn: reportApi.send,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = reportInputSchema.safeParse({ targetType: target.type, targetId: target.id, reason, note })
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message)
    if (parsed.success) mutation.mutate(parsed.data)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`moderation.report.title.${target.type}`)}
      description={mutation.isSuccess ? undefined : t('moderation.report.description')}
    >
      {mutation.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{t('moderation.report.thanks')}</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('forms.close')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <RadioChoices
            legend={t('moderation.report.reasonLegend')}
            required
            name="report-reason"
            choices={REPORT_REASONS.map((value) => ({ value, label: t(`moderation.reasons.${value}`) }))}
            value={reason || null}
            onChange={setReason}
            error={fieldError}
          />
          <TextAreaField
            label={t('moderation.report.note')}
            hint={t('moderation.report.noteHint')}
            optional
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
          {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
          <div className="flex justify-end">
            <SubmitButton busy={mutation.isPending} busyLabel={t('moderation.report.sending')}>
              {t('moderation.report.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  )
}
