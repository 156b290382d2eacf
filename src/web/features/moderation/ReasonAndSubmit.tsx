import { Alert, SubmitButton, TextAreaField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'

/** The end of every moderator's dialog: the reason the audit log keeps, a failure, and the confirm button. */
export function ReasonAndSubmit({
  hint,
  reason,
  onReasonChange,
  fieldError,
  failure,
  busy,
  confirm,
}: {
  hint: string
  reason: string
  onReasonChange: (reason: string) => void
  fieldError: string | undefined
  failure: unknown
  busy: boolean
  confirm: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <>
      <TextAreaField
        label={t('moderation.actions.reason')}
        hint={hint}
        required
        value={reason}
        error={fieldError}
        onChange={(e) => onReasonChange(e.target.value)}
        maxLength={1000}
      />
      {failure ? <Alert tone="error">{errorText(failure)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton busy={busy} busyLabel={t('moderation.actions.sending')}>
          {confirm}
        </SubmitButton>
      </div>
    </>
  )
}
