import { useState } from 'react'
import { pauseSchema, type StandingOffer } from '../../../../shared/schemas/standing-offers'
import { UpcomingDateField } from '../../../components/ui/DateFields'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, Button, SubmitButton } from '../../../components/ui/form'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { usePauseStandingOffer } from '../api'

/** Pause until a date, the date checked by the route's schema (OfferActions.tsx opens it). */
export function PauseOfferDialog({ offer, onClose }: { offer: StandingOffer; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [until, setUntil] = useState('')
  const [invalid, setInvalid] = useState<string | undefined>()
  const pause = usePauseStandingOffer()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('standing.actions.pauseTitle', { title: offer.title })}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const checked = pauseSchema.safeParse({ until })
          setInvalid(checked.success ? undefined : checked.error.issues[0]?.message)
          if (checked.success) pause.mutate({ id: offer.id, until }, { onSuccess: onClose })
        }}
      >
        <UpcomingDateField
          label={t('standing.actions.pauseUntil')}
          required
          value={until}
          error={invalid}
          onChange={(event) => setUntil(event.target.value)}
        />
        {pause.isError && <Alert tone="error">{errorText(pause.error)}</Alert>}
        <SubmitButton busy={pause.isPending} busyLabel={t('standing.actions.saving')}>
          {t('standing.actions.pause')}
        </SubmitButton>
      </form>
    </Dialog>
  )
}

/** What a confirmation asks and does: its button's label, its question, and the change it runs. */
export type Confirmation = {
  label: string
  title: string
  detail: string
  mutation: { isPending: boolean; isError: boolean; error: unknown }
  run: (done: () => void) => void
}

/** Ending an offer or leaving it, said once more before it is done. */
export function ConfirmDialog({
  label,
  title,
  detail,
  mutation,
  run,
  onClose,
}: Confirmation & { onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={detail}>
      {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('standing.actions.keep')}
        </Button>
        <Button variant="danger" disabled={mutation.isPending} onClick={() => run(onClose)}>
          {label}
        </Button>
      </div>
    </Dialog>
  )
}
